import { isSubAgentFile, opensSessionDocument, type LogFile } from '../../scenarios/import/logFile';
import type { SessionOpening } from './sessionImport';
import { pathOf } from './dropPath';
import { isStorageFile, storageSessionsOf } from './storageSessions';

/**
 * Whether a `.json` file is a Gemini CLI chat or an OpenCode export rather than a scenario: its
 * first bytes name a session and its project's hash, or open with an OpenCode session's `info`
 * (an id "ses_…"), which no scenario has (the importer then reads it whole).
 */
async function isChatFile(file: File): Promise<boolean> {
  const head = await file.slice(0, 4096).text();
  if (/"turns"\s*:/.test(head)) return false;
  return opensSessionDocument(head);
}

/** A Cline task's files, known by their names: its API history and its chat (the importer takes them together). */
const CLINE_FILES = new Set(['api_conversation_history.json', 'ui_messages.json']);

/** A file's own name: a file of a dropped folder is named by its path inside the drop. */
const baseName = (file: File) => file.name.slice(file.name.lastIndexOf('/') + 1);

/**
 * The files of a drop or a pick that belong to a session: `.jsonl` logs (a sub-agents' folder too), a
 * Gemini CLI chat, an OpenCode export or an OpenCode storage folder's files, a Cline task's files.
 */
export async function sessionFilesOf(files: readonly File[]): Promise<File[]> {
  const found: File[] = [];
  for (const file of files) if (file.name.endsWith('.jsonl') || CLINE_FILES.has(baseName(file)) || isStorageFile(file) || (file.name.endsWith('.json') && (await isChatFile(file)))) found.push(file);
  return found;
}

/** Whether a drop or pick holds a session log rather than a scenario file. */
export async function holdsSessionLog(files: readonly File[]): Promise<boolean> {
  return (await sessionFilesOf(files)).length > 0;
}

/**
 * Reads the logs of one session (its main log, and its sub-agents' `agent-*.jsonl` when given
 * too) and imports them, whichever agent wrote them. The texts stay in this function's hands: nothing is stored or sent.
 */
export async function openSessionFiles(files: readonly File[]): Promise<SessionOpening> {
  const logs = await sessionFilesOf(files);
  if (logs.length === 0) {
    return {
      ok: false,
      message:
        'No session log: a Claude Code session is a .jsonl file (in ~/.claude/projects/), a Codex CLI session a rollout-*.jsonl file (in ~/.codex/sessions/), a Gemini CLI session a session-*.json or .jsonl file (in ~/.gemini/tmp/), a Copilot CLI session an events.jsonl file (in ~/.copilot/session-state/), an OpenCode session the output of `opencode export <sessionID>` saved as .json (or its storage folder, ~/.local/share/opencode/storage/, dropped whole), a Cline task its api_conversation_history.json and ui_messages.json (in the extension\'s tasks/<id>/ folder).',
    };
  }
  // A storage folder's session goes first, its messages and parts after it (storageSessions.ts).
  const ordered = logs.some(isStorageFile) ? (await sessionsOf(logs)).flatMap((session) => [session.main, ...session.subAgents]) : logs;
  let read: LogFile[];
  try {
    // A folder's files keep their path inside it, so `subagents/agent-…` is told apart from the main log.
    read = await Promise.all(ordered.map(async (file) => ({ name: pathOf(file), text: await file.text() })));
  } catch (error: unknown) {
    return { ok: false, message: `The log could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  // The importer (and the tool registry it asks for kinds) loads with the first log, not with the page.
  const { importSessionTexts } = await import('./sessionImport');
  return importSessionTexts(read);
}

/**
 * One session of a dropped folder: its main log, and its sub-agents' logs under `<session>/subagents/`
 * (a Codex session: its sub-agents' rollouts; a Cline task: its ui_messages.json).
 */
export interface FolderSession {
  readonly main: File;
  readonly subAgents: readonly File[];
}


/** A file's folder inside the drop, with its trailing slash. */
const folderOf = (file: File) => pathOf(file).slice(0, pathOf(file).lastIndexOf('/') + 1);

/**
 * The sessions among a drop's log files: each main log with the sub-agents' logs beside it; a Cline
 * task's API history with the ui_messages.json of its folder (which goes alone only without one); an
 * OpenCode storage folder's sessions with their files.
 */
export async function sessionsOf(files: readonly File[]): Promise<FolderSession[]> {
  const logs = files.filter((file) => !isStorageFile(file));
  const stored = files.length > logs.length ? await storageSessionsOf(files.filter(isStorageFile)) : [];
  const histories = new Set(logs.filter((file) => baseName(file) === 'api_conversation_history.json').map(folderOf));
  const withHistory = (file: File) => baseName(file) === 'ui_messages.json' && histories.has(folderOf(file));
  const mains = logs.filter((file) => !isSubAgentFile(pathOf(file)) && !withHistory(file));
  // A Codex sub-agent's rollout goes with its parent's, as on the command line (loaded with a drop, not with the page).
  const { groupCodexThreads, ROLLOUT_HEAD_BYTES } = await import('../../scenarios/import/codex/threadGroups');
  const codex = await groupCodexThreads(mains, (file) => file.slice(0, ROLLOUT_HEAD_BYTES).text(), (file) => file.name.endsWith('.jsonl'));
  const sessions: FolderSession[] = codex.logs.map((main) => {
    if (baseName(main) === 'api_conversation_history.json') return { main, subAgents: logs.filter((file) => withHistory(file) && folderOf(file) === folderOf(main)) };
    const folder = `${pathOf(main).replace(/\.jsonl$/, '')}/subagents/`;
    const threads = codex.companions.get(main) ?? [];
    return { main, subAgents: [...logs.filter((file) => isSubAgentFile(pathOf(file)) && pathOf(file).startsWith(folder)), ...threads] };
  });
  return [...sessions, ...stored];
}
