import type { LogFile } from '../../scenarios/import/logFile';
import type { SessionOpening } from './sessionImport';

/** The files of a drop or a pick that belong to a session: `.jsonl` logs (a sub-agents' folder too). */
export function sessionFilesOf(files: readonly File[]): File[] {
  return files.filter((file) => file.name.endsWith('.jsonl'));
}

/** Whether a drop or pick holds a session log rather than a scenario file. */
export function holdsSessionLog(files: readonly File[]): boolean {
  return sessionFilesOf(files).length > 0;
}

/**
 * Reads the logs of one session (its main log, and its sub-agents' `agent-*.jsonl` when given
 * too) and imports them, whichever agent wrote them. The texts stay in this function's hands: nothing is stored or sent.
 */
export async function openSessionFiles(files: readonly File[]): Promise<SessionOpening> {
  const logs = sessionFilesOf(files);
  if (logs.length === 0) return { ok: false, message: 'No session log: a Claude Code session is a .jsonl file (in ~/.claude/projects/), a Codex CLI session a rollout-*.jsonl file (in ~/.codex/sessions/).' };
  let read: LogFile[];
  try {
    // A folder's files keep their path inside it, so `subagents/agent-…` is told apart from the main log.
    read = await Promise.all(logs.map(async (file) => ({ name: file.webkitRelativePath || file.name, text: await file.text() })));
  } catch (error: unknown) {
    return { ok: false, message: `The log could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  // The importer (and the tool registry it asks for kinds) loads with the first log, not with the page.
  const { importSessionTexts } = await import('./sessionImport');
  return importSessionTexts(read);
}
