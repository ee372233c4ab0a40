/**
 * The folder a Gemini CLI session ran in. Its chat file does not name it, only its hash: gemini-cli
 * files a project's chats under `projectHash`, the SHA-256 of the project's root folder
 * (`getProjectHash` in packages/core/src/utils/paths.ts). The absolute paths the log mentions (a
 * call's arguments, a tool's answer such as "Successfully overwrote file: /home/me/app/a.md") and
 * the folders above them are the candidates; the one whose hash is `projectHash` is the folder.
 */
import { sha256Hex } from './sha256';

/** At most this many folders are hashed (a log may mention many paths; the answer is near the first). */
const MAX_TRIED = 2000;

/** Absolute POSIX paths written in `text`. */
function pathsIn(text: string): string[] {
  return [...text.matchAll(/(?:^|[\s"'`(=:])(\/[^\s"'`<>(),;:]+)/g)].map((match) => match[1]!);
}

/** The folders of a path, the deepest first (the path itself among them: it may be the folder). */
function foldersOf(path: string): string[] {
  const parts = path.replace(/\/+$/, '').split('/');
  const folders: string[] = [];
  for (let end = parts.length; end > 1; end--) folders.push(parts.slice(0, end).join('/'));
  return folders;
}

/** The session's folder: the one of `texts`' paths whose hash is `projectHash`; "" when none is. */
export function projectFolder(projectHash: string, texts: Iterable<string>): string {
  if (!/^[0-9a-f]{64}$/.test(projectHash)) return '';
  const tried = new Set<string>();
  for (const text of texts) {
    for (const path of pathsIn(text)) {
      for (const folder of foldersOf(path)) {
        if (tried.has(folder)) continue;
        if (tried.size >= MAX_TRIED) return '';
        tried.add(folder);
        if (sha256Hex(folder) === projectHash) return folder;
      }
    }
  }
  return '';
}
