import type { ValidationResult } from '../types';

/** One replacement of Edit and MultiEdit: exact text, once or everywhere. */
export interface TextEdit {
  old_string: string;
  new_string: string;
  replace_all?: boolean | undefined;
}

/** Non-overlapping occurrences of `needle` (not empty) in `text`. */
export function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** Plain-text replacement: no `$` patterns, unlike `String.prototype.replace`. */
export function replaceText(text: string, edit: TextEdit): { after: string; replacements: number } {
  if (edit.old_string === '') return { after: edit.new_string, replacements: 1 };
  if (edit.replace_all) {
    const parts = text.split(edit.old_string);
    return { after: parts.join(edit.new_string), replacements: parts.length - 1 };
  }
  const at = text.indexOf(edit.old_string);
  if (at < 0) return { after: text, replacements: 0 };
  return { after: text.slice(0, at) + edit.new_string + text.slice(at + edit.old_string.length), replacements: 1 };
}

/**
 * Why `edit` cannot be made to `content` (the text of `filePath`), or ok: the strings must differ,
 * an empty old_string only fills an empty file, and old_string must occur exactly once unless
 * replace_all. `which` names the edit in a message ("edit 2: …") when there are several.
 */
export function checkTextEdit(content: string, edit: TextEdit, filePath: string, which = ''): ValidationResult {
  const fail = (message: string): ValidationResult => ({ ok: false, message: `${which}${message}` });
  if (edit.old_string === edit.new_string) return fail('old_string and new_string are identical, so the edit would change nothing.');
  if (edit.old_string === '') {
    return content === '' ? { ok: true } : fail(`${filePath} already exists and is not empty; an empty old_string only fills new or empty files.`);
  }
  const count = countOccurrences(content, edit.old_string);
  if (count === 0) return fail(`old_string was not found in ${filePath}. It must match the file's text exactly, whitespace and indentation included.`);
  if (count > 1 && !edit.replace_all) {
    return fail(`old_string occurs ${count} times in ${filePath}. Include more surrounding text to pick one, or set replace_all to change all ${count}.`);
  }
  return { ok: true };
}

/**
 * Applies `edits` one after another, each to the text the previous left: all of them, or none
 * (the first that cannot be made is named). `content` is `''` for a file about to be created.
 */
export function applyTextEdits(content: string, edits: readonly TextEdit[], filePath: string): { ok: true; after: string; replacements: number } | { ok: false; message: string } {
  let text = content;
  let replacements = 0;
  for (const [i, edit] of edits.entries()) {
    const check = checkTextEdit(text, edit, filePath, edits.length > 1 ? `edit ${i + 1} of ${edits.length}: ` : '');
    if (!check.ok) return check;
    const done = replaceText(text, edit);
    text = done.after;
    replacements += done.replacements;
  }
  return { ok: true, after: text, replacements };
}
