/**
 * A Cline task's files read without trusting them. Cline (the VS Code extension, cline/cline) keeps
 * each task in `…/globalStorage/saoudrizwan.claude-dev/tasks/<taskId>/` (`GlobalFileNames` in
 * src/core/storage/disk.ts): `api_conversation_history.json`, the messages sent to the model
 * (Anthropic-style `{role, content}`, newer versions with `ts`); `ui_messages.json`, what the chat
 * showed (`ClineMessage {ts, type: "ask"|"say", ask?, say?, text?, partial?, …}`, src/shared/
 * ExtensionMessage.ts); and `task_metadata.json` (files in context, models used). Each is one JSON
 * array, usually on one line; each element is placed on the line where it starts, for problems.
 */
import type { LogFile } from '../logFile';
import { documentKind, lineLookup, parseJsonDocument } from '../jsonDocument';
import type { LogProblem } from '../logLines';
import { isRecord } from '../codex/rolloutLines';

export const HISTORY_FILE = 'api_conversation_history.json';
export const UI_FILE = 'ui_messages.json';
export const METADATA_FILE = 'task_metadata.json';

/** One element of a task file's array, where it is written. */
export interface TaskItem {
  /** 1-based place in the array. */
  readonly index: number;
  readonly line: number;
  readonly raw: Readonly<Record<string, unknown>>;
}

/** A file's name without its folder. */
export function baseName(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
}

/** Whether a parsed array is an API history (its messages have a role) or a chat's messages (a ts and ask or say). */
function kindOfArray(value: unknown[]): 'history' | 'ui' | undefined {
  const first = value.find(isRecord);
  if (!first) return undefined;
  if ((first.role === 'user' || first.role === 'assistant') && 'content' in first) return 'history';
  if (typeof first.ts === 'number' && (first.type === 'say' || first.type === 'ask')) return 'ui';
  return undefined;
}

/**
 * Which of a task's files `file` is: by its name, else by its content (a whole array of messages;
 * a damaged one starting as an array whose head names a role or a say). `undefined`: no Cline file.
 */
export function clineFileKind(file: LogFile): 'history' | 'ui' | 'metadata' | undefined {
  const name = baseName(file.name);
  if (name === HISTORY_FILE) return 'history';
  if (name === UI_FILE) return 'ui';
  if (name === METADATA_FILE) return 'metadata';
  return clineTextKind(file.text);
}

/** Whether `text` is a Cline API history or chat, told from its content alone. */
export function clineTextKind(text: string): 'history' | 'ui' | undefined {
  return documentKind(
    text,
    '[',
    (value) => (Array.isArray(value) ? kindOfArray(value) : undefined),
    (head) => {
      if (/^\[\s*\{\s*"role"\s*:\s*"(user|assistant)"/.test(head)) return 'history';
      if (/^\[\s*\{\s*"ts"\s*:\s*\d+\s*,\s*"type"\s*:\s*"(say|ask)"/.test(head)) return 'ui';
      return undefined;
    },
  );
}

/** Where each element of the top-level array of `text` starts (a scan that skips strings). */
function elementOffsets(text: string): number[] {
  const offsets: number[] = [];
  let depth = 0;
  let inString = false;
  let expecting = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (expecting && !/\s/.test(char)) {
      offsets.push(i);
      expecting = false;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth++;
      if (depth === 1 && char === '[') expecting = true;
    } else if (char === ']' || char === '}') depth--;
    else if (char === ',' && depth === 1) expecting = true;
  }
  return offsets;
}

/** Reads one task file's array, or says why it cannot be read (the line where the JSON breaks). */
export function readTaskArray(file: LogFile, what: string): { items: TaskItem[]; problems: LogProblem[] } {
  const source = file.name;
  const parsed = parseJsonDocument(file.text, source, `a Cline task's ${baseName(source)} is one array`, `it holds no ${what}`);
  if (!parsed.ok) return { items: [], problems: [parsed.problem] };
  const { value } = parsed;
  if (!Array.isArray(value)) return { items: [], problems: [{ source, line: 0, message: `this is not a Cline task file: it is not an array of ${what}` }] };
  const lines = elementOffsets(file.text).map(lineLookup(file.text));
  const items: TaskItem[] = [];
  const problems: LogProblem[] = [];
  value.forEach((raw: unknown, at) => {
    const line = lines[at] ?? 0;
    if (isRecord(raw)) items.push({ index: at + 1, line, raw });
    else problems.push({ source, line, message: `message ${at + 1} is not a JSON object: left out` });
  });
  return { items, problems };
}
