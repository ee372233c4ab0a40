import { stat as statThen, type Stats } from 'node:fs';
import { fileWriteError } from './fileWriteError';
import { basename, dirname, join } from 'node:path';
import type { LogFile } from '../scenarios/import/logFile';
import type { OtherFiles, SessionGroups, UnreadFile } from './replayIo';
import { HEAD_BYTES } from '../scenarios/import/formatClaim';
import { storageFileOf } from '../scenarios/import/opencode/storagePath';
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
 * The files a folder's search asks the formats about (a log kept under another name is still read
 * by what it holds: `.log`, `.txt`, `.ndjson` too); others are counted by kind, not opened.
 */
const LOOKED_AT = /\.(jsonl|ndjson|json|md|log|txt)$/;

/** A file's kind as a folder's survey counts it: `*.png`, or "no extension". */
function kindOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `*${name.slice(dot).toLowerCase()}` : 'no extension';
}

/** What a folder holds: its session logs, the files it looked at but could not read as one (with why), and the rest, counted. */
export interface FolderSurvey {
  readonly logs: string[];
  readonly unread: UnreadFile[];
  readonly others: OtherFiles;
}

/**
 * The session logs anywhere inside a folder, sorted; `null` when `path` is not a folder. Each
 * `.jsonl`, `.ndjson`, `.json`, `.md`, `.log` and `.txt` file's first bytes are shown to the formats' table
 * (scenarios/import/sessionFormats.ts), which says whose it is and as what: a session, or a part
 * of one (a Claude Code sub-agent's log, an OpenCode storage folder's message or part, a Cline
 * task's metadata), which goes with its session and is no log of its own. A file no format claims
 * is unread, with what it looked like; one of a format with no tool calls (an Aider history), with
 * that format's refusal. In an OpenCode storage folder only `session/` is searched; a Cline task's
 * `ui_messages.json` beside its `api_conversation_history.json` goes with it; a Gemini chat `X.json`
 * with an `X.jsonl` beside it (gemini-cli's copy in its newer layout) is read from the `.jsonl`.
 * Links are not followed, so a link cannot lead the search round in circles or out of the folder.
 */
export async function surveyFolder(path: string): Promise<FolderSurvey | null> {
  if (!(await statOrNull(path))?.isDirectory()) return null;
  const { readdir, open } = await files();
  const { formatOfFile, unclaimedReason } = await import('../scenarios/import/sessionFormats');
  const logs: string[] = [];
  const unread: UnreadFile[] = [];
  const others = new Map<string, number>();
  const other = (kind: string) => others.set(kind, (others.get(kind) ?? 0) + 1);
  const headOf = async (full: string): Promise<string | null> => {
    const handle = await open(full).catch(() => null);
    if (!handle) return null;
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
      return buffer.subarray(0, bytesRead).toString('utf8');
    } catch {
      return null;
    } finally {
      await handle.close();
    }
  };
  const walk = async (folder: string, depth: number): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    const isStorage = ['session', 'message', 'part'].every((name) => entries.some((entry) => entry.isDirectory() && entry.name === name));
    const histories = entries.some((entry) => entry.isFile() && entry.name === CLINE_HISTORY);
    for (const entry of entries) {
      const full = join(folder, entry.name);
      if (isStorage && entry.name !== 'session') continue;
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH && entry.name !== 'subagents' && !entry.name.startsWith('.')) await walk(full, depth + 1);
        continue;
      }
      if (!entry.isFile()) continue;
      if (!LOOKED_AT.test(entry.name)) {
        other(kindOf(entry.name));
        continue;
      }
      if (histories && entry.name === CLINE_CHAT) continue;
      const head = await headOf(full);
      if (head === null) {
        unread.push({ path: full, why: 'it could not be opened' });
        continue;
      }
      const claimed = formatOfFile({ name: full, head });
      if (!claimed) {
        // A Markdown, JSON or text file of another kind is no log, and a folder holds many: only a JSON Lines file is named.
        if (entry.name.endsWith('.jsonl')) unread.push({ path: full, why: head.trim() === '' ? 'the file is empty' : unclaimedReason(head) });
        else other(`${kindOf(entry.name)}, opened`);
      } else if ('refusal' in claimed.format && typeof claimed.format.refusal === 'string') unread.push({ path: full, why: claimed.format.refusal });
      else if (claimed.role === 'session') logs.push(full);
    }
  };
  await walk(path, 0);
  // gemini-cli carries a resumed chat of its one-document layout over to `X.jsonl` whole, and
  // leaves `X.json` beside it: the session is read once, from the file it goes on in.
  const lines = new Set(logs.filter((log) => log.endsWith('.jsonl')));
  return {
    logs: logs.filter((log) => !(log.endsWith('.json') && lines.has(`${log}l`))).sort(),
    unread: unread.sort((a, b) => a.path.localeCompare(b.path)),
    others: [...others].map(([kind, count]) => ({ kind, count })).sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind)),
  };
}

/** The session logs anywhere inside a folder (surveyFolder), sorted; `null` when `path` is not a folder. */
export async function findSessionLogs(path: string): Promise<string[] | null> {
  return (await surveyFolder(path))?.logs ?? null;
}

/**
 * The session logs anywhere inside a folder (surveyFolder), with the rollouts of Codex's
 * sub-agents put with their parent's (`companions`, by the parent's path) instead of standing as
 * sessions of their own (scenarios/import/codex/threadGroups.ts), and the files it could not
 * read; `null` when `path` is not a folder.
 */
export async function findSessionGroups(path: string): Promise<SessionGroups | null> {
  const survey = await surveyFolder(path);
  if (survey === null) return null;
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
  const grouped = await groupCodexThreads(survey.logs, headOf, (log) => log.endsWith('.jsonl'));
  return { ...grouped, unread: survey.unread, others: survey.others };
}

/** Writes a text file, making its folder first when missing; a failure is a {@link FileWriteError} naming the file and why. */
export async function writeTextFile(path: string, text: string): Promise<void> {
  const { mkdir, writeFile } = await files();
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text, 'utf8');
  } catch (error: unknown) {
    throw fileWriteError(path, error);
  }
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
  // A Cline task's two files go together, whichever is given.
  const beside = basename(path) === CLINE_HISTORY ? CLINE_CHAT : basename(path) === CLINE_CHAT ? CLINE_HISTORY : undefined;
  if (beside !== undefined) {
    const other = join(dirname(path), beside);
    const text = await readText(other).catch(() => null);
    return text === null ? found : [...found, { name: other, text }];
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
