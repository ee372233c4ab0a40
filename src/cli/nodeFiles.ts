import { basename, dirname, join } from 'node:path';

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

/** Writes a text file, making its folder first when missing. */
export async function writeTextFile(path: string, text: string): Promise<void> {
  const { mkdir, writeFile } = await files();
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text, 'utf8');
}

/**
 * A Claude Code session's files: the log itself, and its sub-agents' logs where they sit beside it
 * (`<session>/subagents/agent-*.jsonl`, as 2.1.x writes them).
 */
export async function readSessionFiles(path: string): Promise<{ name: string; text: string }[]> {
  const { readdir } = await files();
  const found = [{ name: path, text: await readText(path) }];
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
