import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The `*.json` files directly inside a folder, sorted; `null` when `path` is not a folder. */
export async function listJsonFiles(path: string): Promise<string[] | null> {
  const found = await stat(path).catch(() => null);
  if (!found?.isDirectory()) return null;
  return (await readdir(path))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(path, name));
}

/** Writes a text file, making its folder first when missing. */
export async function writeTextFile(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text, 'utf8');
}

/**
 * A Claude Code session's files: the log itself, and its sub-agents' logs where they sit beside it
 * (`<session>/subagents/agent-*.jsonl`, as 2.1.x writes them).
 */
export async function readSessionFiles(path: string): Promise<{ name: string; text: string }[]> {
  const files = [{ name: path, text: await readText(path) }];
  const folder = join(dirname(path), basename(path, '.jsonl'), 'subagents');
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names.filter((each) => /^agent-.*\.jsonl$/.test(each)).sort()) {
    files.push({ name: join(folder, name), text: await readText(join(folder, name)) });
  }
  return files;
}

/** A UTF-8 file's text, decoded at once: `readFile(path, 'utf8')` decodes a large file chunk by chunk. */
async function readText(path: string): Promise<string> {
  return (await readFile(path)).toString('utf8');
}
