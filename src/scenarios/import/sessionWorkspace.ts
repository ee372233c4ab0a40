import { kindTraits } from '../../tools/kinds';
import { kindOfToolName } from '../../tools/builtInKinds';
import type { LoggedCall, SessionLog } from './sessionLog';
import { relativeToSession } from './sessionPaths';

/** The workspace as far as the log shows it, and what it could not show. */
export interface SessionWorkspace {
  /** The files as they were before the session changed them, relative to its folder. */
  files: Record<string, string>;
  unknown: string[];
}

/** Whether a call's tool changes a file's text (its kind says so). */
function writes(call: LoggedCall): boolean {
  const kind = kindOfToolName(call.name);
  return kind !== undefined && kindTraits(kind).editsFile;
}

/** A Read's report of what it read: the text, and which lines of how many. */
function readReport(call: LoggedCall): { content: string; startLine: number; numLines: number; totalLines: number } | undefined {
  const file = (call.detail as { file?: unknown } | undefined)?.file as { content?: unknown; startLine?: unknown; numLines?: unknown; totalLines?: unknown } | undefined;
  if (typeof file?.content === 'string') {
    const lines = file.content === '' ? 0 : file.content.replace(/\n$/, '').split('\n').length;
    const number = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
    return { content: file.content, startLine: number(file.startLine, 1), numLines: number(file.numLines, lines), totalLines: number(file.totalLines, lines) };
  }
  // Older logs: only the numbered text ("     1→line").
  const text = call.result?.text ?? '';
  const rows = [...text.matchAll(/^ *(\d+)[→\t](.*)$/gm)];
  if (rows.length === 0) return undefined;
  const startLine = Number(rows[0]![1]);
  return { content: rows.map((row) => row[2]).join('\n'), startLine, numLines: rows.length, totalLines: startLine + rows.length - 1 };
}

/** The file a command showed, where the reader of its log found one (a Codex CLI `cat FILE`: codex/shellReads.ts). */
function shownByCommand(call: LoggedCall): string | undefined {
  const file = (call.detail as { file?: { filePath?: unknown } } | undefined)?.file;
  return call.name === 'Bash' && typeof file?.filePath === 'string' ? file.filePath : undefined;
}

/**
 * Rebuilds the files the session started from: what each Read (or a command that printed a file)
 * showed before anything in the session wrote to that file (a whole file as it was; a part of one
 * with the lines it did not show left empty), and, for a file the log shows only through an edit,
 * the edited text. What a Bash command did to the files is not in the log, and neither is a file
 * nothing read.
 */
export function sessionWorkspace(session: SessionLog): SessionWorkspace {
  const calls = [session.main, ...session.agents.values()].flatMap((agent) => [...agent.calls.values()]).sort((a, b) => (a.endedAt ?? a.closedAt) - (b.endedAt ?? b.closedAt));
  const files: Record<string, string> = Object.create(null) as Record<string, string>;
  const partial = new Map<string, string[]>();
  const written = new Set<string>();
  const unknown = new Set<string>();
  const outside = new Set<string>();
  let bash = 0;

  for (const call of calls) {
    const input = (call.input ?? {}) as { file_path?: unknown; old_string?: unknown; edits?: unknown };
    if (call.name === 'Bash' && call.result && !call.result.isError) bash++;
    const shown = shownByCommand(call);
    const filePath = typeof input.file_path === 'string' ? input.file_path : shown;
    if (filePath === undefined || !call.result || call.result.isError) continue;
    const path = relativeToSession(filePath, session.cwd);
    if (path === null) {
      outside.add(filePath);
      continue;
    }
    if (written.has(path) || files[path] !== undefined) {
      if (writes(call)) written.add(path);
      continue;
    }
    if (call.name === 'Read' || shown !== undefined) {
      const report = readReport(call);
      if (!report) continue;
      if (report.startLine <= 1 && report.numLines >= report.totalLines) {
        files[path] = report.content;
        partial.delete(path);
      } else {
        const lines = partial.get(path) ?? new Array<string>(report.totalLines).fill('');
        report.content.split('\n').forEach((line, i) => (lines[report.startLine - 1 + i] = line));
        partial.set(path, lines);
      }
      continue;
    }
    if (writes(call)) {
      // An edit of a file nothing read first: the text it replaced was there.
      const olds = call.name === 'MultiEdit' && Array.isArray(input.edits) ? (input.edits as { old_string?: unknown }[]).map((edit) => edit.old_string) : [input.old_string];
      const known = olds.filter((text): text is string => typeof text === 'string' && text !== '');
      if (call.name !== 'Write' && known.length > 0 && !partial.has(path)) {
        files[path] = `${known.join('\n')}\n`;
        unknown.add(`${path}: only the text the first edit replaced is known`);
      }
      written.add(path);
    }
  }
  for (const [path, lines] of partial) {
    if (files[path] !== undefined) continue;
    files[path] = `${lines.join('\n')}\n`;
    unknown.add(`${path}: only the lines a Read showed are known (the others are left empty)`);
  }
  const notes = [...unknown];
  for (const path of outside) notes.push(`${path}: outside the session's folder, left out`);
  if (bash > 0) notes.push(`what the session's ${bash} Bash command(s) did to the files is not in the log`);
  return { files: { ...files }, unknown: notes };
}
