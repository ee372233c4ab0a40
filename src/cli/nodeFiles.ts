import { basename, dirname, join } from 'node:path';
import { opensSessionDocument } from '../scenarios/import/logFile';

/**
 * node:fs/promises, loaded with the first file read or written: `--list` and the replay of a
 * built-in scenario touch no file, and loading it (with the streams and readline under it) costs
 * them about a mebibyte.
 */
const files = () => import('node:fs/promises');

/** A file's text (UTF-8). */
export async function readTextFile(path: string): Promise<string> {
  return (await files()).readFile(path, 'utf8');
}

/** The `*.json` files directly inside a folder, sorted; `null` when `path` is not a folder. */
export async function listJsonFiles(path: string): Promise<string[] | null> {
  const { readdir, stat } = await files();
  const found = await stat(path).catch(() => null);
  if (!found?.isDirectory()) return null;
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
 * `api_conversation_history.json` (its `ui_messages.json` goes with it). Links
 * are not followed, so a link cannot lead the search round in circles or out of the folder.
 */
export async function findSessionLogs(path: string): Promise<string[] | null> {
  const { readdir, stat, open } = await files();
  const found = await stat(path).catch(() => null);
  if (!found?.isDirectory()) return null;
  const logs: string[] = [];
  const walk = async (folder: string, depth: number): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH && entry.name !== 'subagents' && !entry.name.startsWith('.')) await walk(full, depth + 1);
      } else if (entry.isFile() && entry.name.endsWith('.jsonl')) logs.push(full);
      else if (entry.isFile() && entry.name === CLINE_HISTORY) logs.push(full);
      else if (entry.isFile() && entry.name.endsWith('.json')) {
        const handle = await open(full).catch(() => null);
        if (!handle) continue;
        const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0).finally(() => handle.close());
        const head = buffer.subarray(0, bytesRead).toString('utf8');
        if (opensSessionDocument(head)) logs.push(full);
      }
    }
  };
  await walk(path, 0);
  return logs.sort();
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
 * `ui_messages.json` beside it, when there is one.
 */
export async function readSessionFiles(path: string): Promise<{ name: string; text: string }[]> {
  const { readdir } = await files();
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

/** A UTF-8 file's text, decoded at once: `readFile(path, 'utf8')` decodes a large file chunk by chunk. */
async function readText(path: string): Promise<string> {
  return (await (await files()).readFile(path)).toString('utf8');
}
