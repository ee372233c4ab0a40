/**
 * Codex CLI's `apply_patch` as the playground's file tools, where the patch is simple enough. The
 * patch language (https://github.com/openai/codex/blob/main/codex-rs/apply-patch/apply_patch_tool_instructions.md,
 * and the tool's own description in
 * https://github.com/openai/codex/blob/main/codex-rs/core/src/tools/handlers/apply_patch.rs):
 *
 *     *** Begin Patch
 *     *** Add File: hello.txt        (then "+" lines: the new file)
 *     *** Delete File: old.txt
 *     *** Update File: src/app.py    (optionally "*** Move to: new/path")
 *     @@ def greet():                (a hunk: " " context, "-" removed, "+" added lines)
 *     *** End Patch
 *
 * One added file is a Write; one updated file, not moved, is an Edit (one hunk) or a MultiEdit
 * (several), each hunk's context and removed lines the text it replaces. Anything else (several
 * files, a deletion, a move, a hunk with nothing to anchor it) has no such tool: it stays
 * `apply_patch`, and why is said.
 */

import { isAbsolute } from '../sessionPaths';

/** One file's part of a patch. */
export type PatchFile =
  | { readonly kind: 'add'; readonly path: string; readonly content: string }
  | { readonly kind: 'delete'; readonly path: string }
  | { readonly kind: 'update'; readonly path: string; readonly moveTo?: string; readonly hunks: readonly { old: string; new: string }[] };

const HEADER = /^\*\*\* (Add|Delete|Update) File: (.+)$/;

/** The files of a patch, or `null` when the text is not one. */
export function parsePatch(text: string): PatchFile[] | null {
  const lines = text.replace(/\r\n/g, '\n').trim().split('\n');
  if (lines[0]?.trim() !== '*** Begin Patch') return null;
  const files: PatchFile[] = [];
  let i = 1;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '*** End Patch') break;
    const header = HEADER.exec(line.trim());
    if (!header) return null;
    const path = header[2]!.trim();
    i++;
    if (header[1] === 'Delete') {
      files.push({ kind: 'delete', path });
      continue;
    }
    const body: string[] = [];
    while (i < lines.length && !HEADER.test(lines[i]!.trim()) && lines[i]!.trim() !== '*** End Patch') body.push(lines[i++]!);
    if (header[1] === 'Add') {
      if (body.some((each) => !each.startsWith('+'))) return null;
      files.push({ kind: 'add', path, content: body.map((each) => `${each.slice(1)}\n`).join('') });
      continue;
    }
    const moveTo = /^\*\*\* Move to: (.+)$/.exec(body[0]?.trim() ?? '')?.[1]?.trim();
    const hunks = hunksOf(moveTo === undefined ? body : body.slice(1));
    if (!hunks) return null;
    files.push({ kind: 'update', path, ...(moveTo !== undefined ? { moveTo } : {}), hunks });
  }
  return files;
}

/** An update's hunks: each "@@" starts one (the first may go without); `null` for a line of no known kind. */
function hunksOf(body: readonly string[]): { old: string; new: string }[] | null {
  const hunks: { old: string[]; new: string[] }[] = [];
  let current: { old: string[]; new: string[] } | undefined;
  for (const line of body) {
    if (line.startsWith('@@')) {
      current = undefined;
      continue;
    }
    if (line.trim() === '*** End of File') continue;
    const mark = line[0] ?? ' ';
    if (mark !== ' ' && mark !== '-' && mark !== '+') return null;
    if (!current) hunks.push((current = { old: [], new: [] }));
    const text = line.slice(1);
    if (mark !== '+') current.old.push(text);
    if (mark !== '-') current.new.push(text);
  }
  return hunks.filter((hunk) => hunk.old.length > 0 || hunk.new.length > 0).map((hunk) => ({ old: hunk.old.join('\n'), new: hunk.new.join('\n') }));
}

/** The playground call a patch is, or why there is none. */
export function patchAsTool(patch: string, baseDir: string): { name: string; input: Record<string, unknown> } | { why: string } {
  const files = parsePatch(patch);
  if (!files) return { why: 'is not a patch the importer can read' };
  if (files.length !== 1) return { why: `changes ${files.length} files (${files.map((file) => file.path).join(', ')})` };
  const file = files[0]!;
  const file_path = baseDir !== '' && !isAbsolute(file.path) ? `${baseDir.replace(/\/$/, '')}/${file.path}` : file.path;
  switch (file.kind) {
    case 'add':
      return { name: 'Write', input: { file_path, content: file.content } };
    case 'delete':
      return { why: `deletes ${file.path}` };
    case 'update': {
      if (file.moveTo !== undefined) return { why: `moves ${file.path} to ${file.moveTo}` };
      if (file.hunks.length === 0) return { why: `changes nothing in ${file.path}` };
      if (file.hunks.some((hunk) => hunk.old === '')) return { why: `adds lines to ${file.path} with no context lines to place them` };
      const [only] = file.hunks;
      if (file.hunks.length === 1) return { name: 'Edit', input: { file_path, old_string: only!.old, new_string: only!.new } };
      return { name: 'MultiEdit', input: { file_path, edits: file.hunks.map((hunk) => ({ old_string: hunk.old, new_string: hunk.new })) } };
    }
    default: {
      const exhaustive: never = file;
      return exhaustive;
    }
  }
}
