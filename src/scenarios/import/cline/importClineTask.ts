import type { LogFile } from '../logFile';
import type { LogProblem } from '../logLines';
import { emptyAgent, type SessionLog } from '../sessionLog';
import { scenarioOfSession, type ImportResult } from '../sessionScenario';
import { foldChat } from './foldChat';
import { foldTask } from './foldTask';
import { clineFileKind, HISTORY_FILE, readTaskArray, UI_FILE } from './taskFiles';
import { uiTimes } from './uiTimes';

/** What a Cline task's files never tell, said with every import of one. */
const ALWAYS_UNKNOWN = [
  "Cline does not write its version in a task's files: the version is not known",
  "Cline's chat stamps a tool when its block began streaming and when it was shown for approval; when the block finished, when the user answered and when the tool started running are not in the log (each call is taken as ending when the next request was sent with its result)",
];

/** The task's id: the folder the files sit in (`tasks/<taskId>/`), when the names say. */
function taskIdOf(name: string): string {
  const parts = name.split(/[/\\]/);
  return parts.length >= 2 ? parts.at(-2)! : '';
}

/**
 * Reads a Cline task's files as the importer's session: the API history's responses and calls,
 * timed by the chat's messages (foldTask.ts), and the task's folder. Either file alone is read for
 * what it holds; `notes` say what is then unknown. Never throws.
 */
export function readClineTask(files: readonly LogFile[]): { session: SessionLog; notes: string[]; main: string } {
  const problems: LogProblem[] = [];
  const history = files.find((file) => clineFileKind(file) === 'history');
  const chat = files.find((file) => clineFileKind(file) === 'ui');
  for (const file of files) {
    const kind = clineFileKind(file);
    if (file !== history && file !== chat && kind !== 'metadata') problems.push({ source: file.name, line: 0, message: `not one of a Cline task's files (${HISTORY_FILE}, ${UI_FILE}, task_metadata.json), or a second one: left out` });
  }
  const notes = [...ALWAYS_UNKNOWN];
  const ui = chat ? readTaskArray(chat, 'chat messages') : undefined;
  if (ui) problems.push(...ui.problems);
  const times = ui ? uiTimes(ui.items, chat!.name, problems) : undefined;
  if (!chat) notes.push(`the task's ${UI_FILE} is not here: the times are those the history's messages carry (none in older versions, where every moment is 0)`);
  const main = history ?? chat ?? files[0];
  const read = history ? readTaskArray(history, 'API messages') : undefined;
  if (read) problems.push(...read.problems);
  const folded = read ? foldTask(read.items, history!.name, times) : undefined;
  // The chat alone: its tools, commands and their outputs are the calls (foldChat.ts).
  const chatOnly = !history && ui ? foldChat(ui.items, chat!.name) : undefined;
  if (chatOnly) {
    problems.push(...chatOnly.problems);
    notes.push(`the task's ${HISTORY_FILE} is not here: the calls are those its chat showed, the results those the next request carried (a file read is cut to what the chat kept), and the model's own words only as shown`);
  } else if (!history) problems.push({ source: main?.name ?? '', line: 0, message: `the task's ${HISTORY_FILE} is not here, and no chat beside it: there are no calls to read` });
  const agent = folded?.agent ?? chatOnly?.agent ?? emptyAgent();
  if (agent.prompt === undefined && times?.prompt) agent.prompt = times.prompt;
  notes.push(...(folded?.notes ?? []));
  if (folded && folded.cwd === '') notes.push("the task's folder is not in its first message's environment details: paths are kept as the model wrote them");
  const origin = Math.min(times?.taskTs ?? Infinity, ...agent.responses.map((response) => response.blocks[0]?.at ?? Infinity));
  return {
    session: {
      main: agent,
      agents: new Map(),
      version: '',
      cwd: folded?.cwd ?? '',
      sessionId: taskIdOf(main?.name ?? ''),
      origin: Number.isFinite(origin) ? origin : 0,
      problems: [...problems, ...(folded?.problems ?? [])],
    },
    notes,
    main: main?.name ?? '',
  };
}

/**
 * Turns a Cline task (`…/saoudrizwan.claude-dev/tasks/<taskId>/`: its `api_conversation_history.json`
 * and `ui_messages.json`, `task_metadata.json` passed over) into a scenario that replays it under
 * the `cline` policy: one call per response, run once the response is done, with approval. Never throws.
 */
export function importClineTask(files: readonly LogFile[], options: { id?: string } = {}): ImportResult {
  if (files.length === 0) return { ok: false, problems: [{ source: '', line: 0, message: 'no log was given' }] };
  const { session, notes, main } = readClineTask(files);
  return scenarioOfSession(session, main, { id: 'cline', policy: 'cline' }, { ...options, unknown: notes });
}
