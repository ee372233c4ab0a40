/**
 * The `diff` of Cline's replace_in_file: SEARCH/REPLACE blocks, as Cline's system prompt asks for
 * them and src/core/assistant-message/diff.ts reads them. A block opens with a line of `-------
 * SEARCH` (older versions `<<<<<<< SEARCH`), its old text ends at a line of `=======`, and its new
 * text at a line of `+++++++ REPLACE` (older `>>>>>>> REPLACE`). Each block replaces the first
 * match of its old text, in order.
 */

const SEARCH = /^[-<]{3,} SEARCH>?$/;
const DIVIDER = /^={3,}$/;
const REPLACE = /^[+>]{3,} REPLACE>?$/;

/** One SEARCH/REPLACE block. */
export interface ReplaceBlock {
  readonly oldText: string;
  readonly newText: string;
}

/** The blocks of a diff, or why it could not be read whole (a block left open). */
export function replaceBlocks(diff: string): { blocks: ReplaceBlock[]; problem?: string } {
  const blocks: ReplaceBlock[] = [];
  let state: 'out' | 'search' | 'replace' = 'out';
  let oldLines: string[] = [];
  let newLines: string[] = [];
  for (const line of diff.split(/\r?\n/)) {
    if (state === 'out' && SEARCH.test(line)) {
      state = 'search';
      oldLines = [];
      newLines = [];
    } else if (state === 'search' && DIVIDER.test(line)) state = 'replace';
    else if (state === 'replace' && REPLACE.test(line)) {
      blocks.push({ oldText: oldLines.join('\n'), newText: newLines.join('\n') });
      state = 'out';
    } else if (state === 'search') oldLines.push(line);
    else if (state === 'replace') newLines.push(line);
  }
  return state === 'out' ? { blocks } : { blocks, problem: `its last SEARCH/REPLACE block is not closed (it stops in its ${state === 'search' ? 'SEARCH' : 'REPLACE'} part)` };
}
