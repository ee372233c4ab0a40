import { stat as statThen, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { LogFile } from '../scenarios/import/logFile';
import { opensSessionDocument } from '../scenarios/import/logFile';
import { isStorageSessionHead, storageFileOf } from '../scenarios/import/opencode/storagePath';
import { groupCodexThreads, ROLLOUT_HEAD_BYTES } from '../scenarios/import/codex/threadGroups';

/**
 * node:fs/promises, loaded with the first file read or written: `--list` and the replay of a
 * built-in scenario only ask whether their argument names a folder (`statOrNull`), and loading it
 * (with the streams and readline under it) costs them about a mebibyte.
 */
const files = () => import('node:fs/promises');

/** A path's file facts, `null` when it names nothing, through node:fs (loaded with Node itself). */
function statOrNull(path: string): Promise<Stats | null> {
  return new Promise((resolve) => statThen(path, (error, stats) => resolve(error ? null : stats)));
}

/** A file's text (UTF-8). */
export async function readTextFile(path: string): Promise<string> {
  return (await files()).readFile(path, 'utf8');
}

/** The `*.json` files directly inside a folder, sorted; `null` when `path` is not a folder. */
export async function listJsonFiles(path: string): Promise<string[] | null> {
  if (!(await statOrNull(path))?.isDirectory()) return null;
  const { readdir } = await files();
  return (await readdir(path))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(path, name));
}

/** A Cline task's API history, and its chat beside it (cline/taskFiles.ts). */
const CLINE_HISTORY = 'api_conversation_history.json';
const CLINE_CHAT = 'ui_messages.json';

/** How deep a folder of session logs is searched (`~/.codex/sessions/YYYY/MM/DD/` is four down). */
const MAX_DEPTH = 8;

/**
 * The session logs anywhere inside a folder, sorted; `null` when `path` is not a folder. A log is a
 * `.jsonl` file (a sub-agent's, under a `subagents` folder, goes with its session's log instead) or
 * a `.json` file whose first bytes name a session and a project hash (a Gemini CLI chat) or open
 * with an OpenCode session's `info` (an `opencode export`), or a Cline task's
 * `api_conversation_history.json` (its `ui_messages.json` goes with it), or an OpenCode storage
 * folder's main session (`session/<project>/ses_….json`; its messages, parts and sub-agents' sessions
 * go with it, so in a storage folder only `session/` is searched); a Gemini chat `X.json` with an
 * `X.jsonl` beside it (gemini-cli's copy of it in its newer layout) is read from the `.jsonl`.
 * Links are not followed, so a link cannot lead the search round in circles or out of the folder.
 */
export async function findSessionLogs(path: string): Promise<string[] | null> {
  if (!(await statOrNull(path))?.isDirectory()) return null;
  const { readdir, open } = await files();
  const logs: string[] = [];
  const walk = async (folder: string, depth: number): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    const isStorage = ['session', 'message', 'part'].every((name) => entries.some((entry) => entry.isDirectory() && entry.name === name));
    for (const entry of entries) {
      const full = join(folder, entry.name);
      if (isStorage && entry.name !== 'session') continue;
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH && entry.name !== 'subagents' && !entry.name.startsWith('.')) await walk(full, depth + 1);
      } else if (entry.isFile() && entry.name.endsWith('.jsonl')) logs.push(full);
      else if (entry.isFile() && entry.name === CLINE_HISTORY) logs.push(full);
      else if (entry.isFile() && entry.name.endsWith('.json')) {
        const handle = await open(full).catch(() => null);
        if (!handle) continue;
        const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0).finally(() => handle.close());
        const head = buffer.subarray(0, bytesRead).toString('utf8');
        if (opensSessionDocument(head) || isStorageSessionHead(full, head)) logs.push(full);
      }
    }
  };
  await walk(path, 0);
  // gemini-cli carries a resumed chat of its one-document layout over to `X.jsonl` whole, and
  // leaves `X.json` beside it: the session is read once, from the file it goes on in.
  const lines = new Set(logs.filter((log) => log.endsWith('.jsonl')));
  return logs.filter((log) => !(log.endsWith('.json') && lines.has(`${log}l`))).sort();
}

/**
 * The session logs anywhere inside a folder (findSessionLogs), with the rollouts of Codex's
 * sub-agents put with their parent's (`companions`, by the parent's path) instead of standing as
 * sessions of their own (scenarios/import/codex/threadGroups.ts); `null` when `path` is not a folder.
 */
export async function findSessionGroups(path: string): Promise<{ logs: string[]; companions: Map<string, string[]> } | null> {
  const logs = await findSessionLogs(path);
  if (logs === null) return null;
  const { open } = await files();
  const headOf = async (log: string) => {
    const handle = await open(log);
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(ROLLOUT_HEAD_BYTES), 0, ROLLOUT_HEAD_BYTES, 0);
      return buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  };
  return groupCodexThreads(logs, headOf, (log) => log.endsWith('.jsonl'));
}

/** Writes a text file, making its folder first when missing. */
export async function writeTextFile(path: string, text: string): Promise<void> {
  const { mkdir, writeFile } = await files();
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text, 'utf8');
}

/**
 * A Claude Code session's files: the log itself, and its sub-agents' logs where they sit beside it
 * (`<session>/subagents/agent-*.jsonl`, as 2.1.x writes them); a Cline task's API history with its
 * `ui_messages.json` beside it, when there is one; an OpenCode storage folder's session with its
 * messages, parts and the sessions its `task` calls ran.
 */
export async function readSessionFiles(path: string): Promise<LogFile[]> {
  const { readdir } = await files();
  if (storageFileOf(path)?.kind === 'session') return readStorageSession(path);
  const found = [{ name: path, text: await readText(path) }];
  if (basename(path) === CLINE_HISTORY) {
    const chat = join(dirname(path), CLINE_CHAT);
    const text = await readText(chat).catch(() => null);
    return text === null ? found : [...found, { name: chat, text }];
  }
  const folder = join(dirname(path), basename(path, '.jsonl'), 'subagents');
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names.filter((each) => /^agent-.*\.jsonl$/.test(each)).sort()) {
    found.push({ name: join(folder, name), text: await readText(join(folder, name)) });
  }
  return found;
}

/** How deep sub-agents' sessions are followed from a storage folder's session (a task's task's …). */
const MAX_TASK_DEPTH = 4;

/**
 * An OpenCode session's files in its storage folder (storageFolder.ts): the session's file first,
 * then its messages (`<storage>/message/<session>/`) and their parts (`<storage>/part/<message>/`),
 * then the same for each session a `task` call of it ran (a session of the same project).
 */
async function readStorageSession(path: string): Promise<LogFile[]> {
  const { readdir } = await files();
  const project = dirname(path);
  const storage = dirname(dirname(project));
  const jsonIn = async (folder: string) => ((await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort().map((name) => join(folder, name)));
  const found: LogFile[] = [];
  const seen = new Set<string>();
  const readSession = async (sessionPath: string, depth: number): Promise<void> => {
    const id = basename(sessionPath, '.json');
    if (seen.has(id)) return;
    seen.add(id);
    const text = await readText(sessionPath).catch(() => null);
    if (text === null) return;
    found.push({ name: sessionPath, text });
    const children: string[] = [];
    for (const messagePath of await jsonIn(join(storage, 'message', id))) {
      found.push({ name: messagePath, text: await readText(messagePath) });
      for (const partPath of await jsonIn(join(storage, 'part', basename(messagePath, '.json')))) {
        const part = await readText(partPath);
        found.push({ name: partPath, text: part });
        if (depth < MAX_TASK_DEPTH && /"tool"\s*:\s*"task"/.test(part)) children.push(await childSession(part));
      }
    }
    for (const child of children) if (/^ses_[A-Za-z0-9]+$/.test(child)) await readSession(join(project, `${child}.json`), depth + 1);
  };
  await readSession(path, 0);
  return found;
}

/** The session a `task` part ran, or '' (storageFolder.ts reads the part again, without trusting it). */
async function childSession(text: string): Promise<string> {
  const { taskSessionOf } = await import('../scenarios/import/opencode/opencodeTools');
  try {
    const part = JSON.parse(text) as { state?: { metadata?: unknown; output?: unknown } };
    return taskSessionOf(part.state?.metadata, typeof part.state?.output === 'string' ? part.state.output : '');
  } catch {
    return '';
  }
}

/** A UTF-8 file's text, decoded at once: `readFile(path, 'utf8')` decodes a large file chunk by chunk. */
async function readText(path: string): Promise<string> {
  return (await (await files()).readFile(path)).toString('utf8');
}
