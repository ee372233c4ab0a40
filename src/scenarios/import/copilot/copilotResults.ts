/**
 * What a Copilot CLI `tool.execution_complete` says of a call: the text the model was given
 * (`result.content`; `error.message` when the call failed) and whether it failed (`success`), in
 * the words the importer's outcomes read (observedOutcome.ts); and, for a view of a whole file,
 * the file as it showed it, so the workspace can be rebuilt as from a Claude Code Read.
 */
import { isRecord, stringOf } from '../codex/rolloutLines';

/** A call's result as the session log keeps it. */
export interface CopilotResult {
  readonly text: string;
  readonly isError: boolean;
}

/** The result of a `tool.execution_complete`'s data; `denied` is the kind of a refused permission, when one was. */
export function resultOf(data: Readonly<Record<string, unknown>>, denied?: string): CopilotResult {
  const result = isRecord(data.result) ? data.result : undefined;
  const error = isRecord(data.error) ? data.error : undefined;
  const text = stringOf(result, 'content') || stringOf(error, 'message') || (typeof data.error === 'string' ? data.error : '');
  const isError = data.success !== true;
  // The user said no: said in the words the outcome reads a refusal by.
  if (isError && denied !== undefined) return { text: `permission denied by the user (${denied})${text ? `: ${text}` : ''}`, isError };
  return { text, isError };
}

/** What a Read reports of a file it showed (sessionWorkspace.ts reads it). */
export interface ShownFile {
  readonly content: string;
  readonly startLine: number;
  readonly numLines: number;
  readonly totalLines: number;
}

/**
 * The file a `view` showed, from its numbered lines (`1. text`); `undefined` when the text is not
 * one run of numbered lines from the first asked for (a folder's listing, a note, a cut view).
 * Copilot numbers the empty line after a final newline too, so the lines joined are the file's
 * text. A view of a range says no more than the range: the file is taken to go on after it.
 */
export function viewedFile(text: string, input: unknown): ShownFile | undefined {
  const rows = text.split('\n');
  const lines: string[] = [];
  let first = 0;
  for (const row of rows) {
    const match = /^(\d+)\. ?(.*)$/.exec(row);
    if (!match) return undefined;
    const number = Number(match[1]);
    if (lines.length === 0) first = number;
    else if (number !== first + lines.length) return undefined;
    lines.push(match[2]!);
  }
  if (lines.length === 0) return undefined;
  const offset = isRecord(input) && typeof input.offset === 'number' ? input.offset : 1;
  if (first !== offset) return undefined;
  const ranged = isRecord(input) && (typeof input.limit === 'number' || offset > 1);
  return { content: lines.join('\n'), startLine: first, numLines: lines.length, totalLines: ranged ? first + lines.length : lines.length };
}
