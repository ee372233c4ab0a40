/**
 * An OpenCode export laid out as OpenCode's storage folder holds the same session
 * (`session/<projectID>/<sessionID>.json`, `message/<sessionID>/<messageID>.json`,
 * `part/<messageID>/<partID>.json`, each pretty-printed as OpenCode writes them), for tests that
 * hold the storage reader to the export reader.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Export {
  info: { id: string; projectID?: string };
  messages: { info: { id: string }; parts: { id: string }[] }[];
}

/** The files of the export `name` (of test/opencode/) as they sit under the storage folder `root`. */
export function storageFilesOf(name: string, root = 'storage'): { name: string; text: string }[] {
  const doc = JSON.parse(readFileSync(join(import.meta.dirname, name), 'utf8')) as Export;
  const write = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const files = [{ name: join(root, 'session', doc.info.projectID ?? 'global', `${doc.info.id}.json`), text: write(doc.info) }];
  for (const message of doc.messages) {
    files.push({ name: join(root, 'message', doc.info.id, `${message.info.id}.json`), text: write(message.info) });
    for (const part of message.parts) files.push({ name: join(root, 'part', message.info.id, `${part.id}.json`), text: write(part) });
  }
  return files;
}
