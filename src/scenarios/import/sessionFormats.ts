/**
 * The session formats the playground knows, as one table (design.md, Sessions): each entry comes
 * from its own folder (`import/<agent>/format.ts`), and says its name, where its files live, how it
 * claims a file by what it holds, its outcome words and its preset for a version. The importer,
 * the command line's folder search, the page's drop, the usage texts and the README's list all
 * walk this table, in this order (the first that claims a file has it: a Copilot or Gemini line
 * would also pass for Claude Code's, which is asked late).
 */
import { aiderFormat } from './aider/format';
import { claudeCodeFormat } from './claude-code/format';
import { clineFormat } from './cline/format';
import { codexFormat } from './codex/format';
import { copilotFormat } from './copilot/format';
import { HEAD_BYTES, headLines, isRecord, type FileHead, type FileRole, type SessionFormatFace } from './formatClaim';
import { geminiFormat } from './gemini/format';
import { openCodeFormat } from './opencode/format';
import { piFormat } from './pi/format';

export const SESSION_FORMATS = [clineFormat, geminiFormat, openCodeFormat, copilotFormat, piFormat, codexFormat, claudeCodeFormat, aiderFormat] as const satisfies readonly SessionFormatFace[];

type Format = (typeof SESSION_FORMATS)[number];
/** A format that holds no tool calls: claimed only to be refused with why. */
type RefusedFormat = Extract<Format, { readonly refusal: string }>;

/** An agent whose logs the importer reads, by its id in `observed.agent`. */
export type SessionAgentId = Exclude<Format, RefusedFormat>['id'];
/** Any format's id, refused ones too. */
export type SessionFormatId = Format['id'];

/** Which format claims a file, and as what; `undefined` when none does. */
export function formatOfFile(file: FileHead): { format: SessionFormatFace & { readonly id: SessionFormatId }; role: FileRole } | undefined {
  for (const format of SESSION_FORMATS) {
    let role: FileRole | undefined;
    try {
      role = format.claims(file);
    } catch {
      role = undefined;
    }
    if (role) return { format, role };
  }
  return undefined;
}

/** The agents whose logs replay, in words: "Cline, Gemini CLI, … or Claude Code" (a refused format is left out). */
export function readableFormatNames(): string {
  const names = SESSION_FORMATS.filter((format) => !('refusal' in format)).map((format) => format.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}` : names.join('');
}

/** The names of the formats tried, in words: "Cline, Gemini CLI, …, Aider". */
export function formatNames(): string {
  return SESSION_FORMATS.map((format) => format.name).join(', ');
}

/** Why no format claims a file: what its start looks like, and the formats tried. */
export function unclaimedReason(text: string): string {
  return `no session format the playground reads claims this file: it looks like ${looksOf(text)}; tried ${formatNames()}`;
}

/** What a file's start looks like, in words: "text, not JSON (it starts …)", "JSON Lines whose first object has the keys …". */
export function looksOf(text: string): string {
  const start = text.trimStart();
  if (start.startsWith('[')) return 'a JSON array whose first element is none of theirs';
  const lines = headLines(text.slice(0, HEAD_BYTES), 3);
  const first = lines[0];
  if (isRecord(first)) {
    const keys = Object.keys(first).slice(0, 6).join(', ');
    return `${start.includes('\n') && lines.length > 1 ? 'JSON Lines' : 'JSON'} whose first object has the keys ${keys || '(none)'}`;
  }
  if (start.startsWith('{')) return 'JSON that does not parse as a whole or by lines';
  const line = start.slice(0, start.search(/\n|$/)).slice(0, 60);
  return `text, not JSON (it starts ${JSON.stringify(line)})`;
}
