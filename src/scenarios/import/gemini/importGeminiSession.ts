import type { LogFile } from '../logFile';
import type { SessionLog } from '../sessionLog';
import { scenarioOfSession, type ImportResult } from '../sessionScenario';
import { emptyAgent } from '../sessionLog';
import { readChatFile, type ChatFile } from './chatFile';
import { isGeminiChatLines, readChatLines } from './chatLines';
import { foldChat } from './foldChat';
import { projectFolder } from './projectFolder';

/** What a Gemini CLI chat file never tells, said with every import of one. */
const ALWAYS_UNKNOWN = [
  'Gemini CLI does not write its version in a chat file: the version is not known',
  "Gemini CLI records a response's calls once they have all completed, with one time for all: when each call started and how long it alone ran are not in the log (each is given the time from its response's text, or none when the response had no text, to its run's end)",
];

/** The texts whose absolute paths may name the session's folder: the folders it lists, the calls' arguments and answers. */
function* pathTexts(chat: ChatFile): Generator<string> {
  yield* chat.directories;
  for (const message of chat.messages) {
    for (const call of Array.isArray(message.raw.toolCalls) ? message.raw.toolCalls : []) yield JSON.stringify(call);
  }
}

/**
 * Reads a Gemini CLI chat file as the importer's session: the model's responses and calls
 * (foldChat.ts), the session's id, and its folder (projectFolder.ts). `notes` are what the log
 * could not tell. Never throws.
 */
export function readGeminiSession(file: LogFile): { session: SessionLog; notes: string[] } {
  const read = isGeminiChatLines(file.text) ? readChatLines(file.text, file.name) : { ...readChatFile(file.text, file.name), notes: [] };
  const { chat } = read;
  const cwd = chat ? projectFolder(chat.projectHash, pathTexts(chat)) : '';
  const folded = chat ? foldChat(chat, file.name, cwd) : undefined;
  const agent = folded?.agent ?? emptyAgent();
  if (folded?.prompt !== undefined) agent.prompt = folded.prompt;
  const notes = [...ALWAYS_UNKNOWN, ...read.notes, ...(folded?.notes ?? [])];
  if (chat && cwd === '') notes.push("the session's folder is not in the log (only its hash), and no path the log mentions has that hash: paths are kept as the model wrote them");
  const origin = Math.min(...agent.responses.map((response) => response.blocks[0]?.at ?? Infinity));
  return {
    session: {
      main: agent,
      agents: new Map(),
      version: '',
      cwd,
      sessionId: chat?.sessionId ?? '',
      origin: Number.isFinite(origin) ? origin : 0,
      problems: [...read.problems, ...(folded?.problems ?? [])].sort((a, b) => a.line - b.line),
    },
    notes,
  };
}

/**
 * Turns a Gemini CLI chat file (`~/.gemini/tmp/<project hash>/chats/session-*.json`, or `.jsonl` as
 * the newer versions write it: chatLines.ts) into a
 * scenario that replays it under the `gemini-cli` policy (the calls run once the stream has ended),
 * as the other importers do (see `scenarioOfSession`). Only the first file is read: Gemini CLI
 * writes a session to one file. Never throws.
 */
export function importGeminiSession(files: readonly LogFile[], options: { id?: string } = {}): ImportResult {
  const [main, ...others] = files;
  if (!main) return { ok: false, problems: [{ source: '', line: 0, message: 'no log was given' }] };
  const { session, notes } = readGeminiSession(main);
  for (const other of others) session.problems.push({ source: other.name, line: 0, message: 'a Gemini CLI session is one chat file: this one is left out' });
  return scenarioOfSession(session, main.name, { id: 'gemini-cli', policy: 'gemini-cli' }, { ...options, unknown: notes });
}
