import { HEAD_BYTES, isScenarioHead } from '../../scenarios/import/formatClaim';
import { isSubAgentFile, type LogFile } from '../../scenarios/import/logFile';
import type { SessionOpening } from './sessionImport';
import { pathOf } from './dropPath';
import { isStorageFile, storageSessionsOf } from './storageSessions';

/**
 * Whether a file that is not JSON Lines is a session log rather than a scenario: a format of the
 * table (scenarios/import/sessionFormats.ts, loaded with the first drop, not with the page) claims
 * it by its first bytes: a Gemini CLI chat, an OpenCode export, a Cline task's file under any name,
 * an Aider history (to be refused with why). A scenario (its `turns`) is none.
 */
async function isSessionFile(file: File): Promise<boolean> {
  const head = await file.slice(0, HEAD_BYTES).text();
  if (isScenarioHead(head)) return false;
  const { formatOfFile } = await import('../../scenarios/import/sessionFormats');
  return formatOfFile({ name: pathOf(file), head }) !== undefined;
}

/** A file's own name: a file of a dropped folder is named by its path inside the drop. */
const baseName = (file: File) => file.name.slice(file.name.lastIndexOf('/') + 1);

/**
 * The files of a drop or a pick that belong to a session: `.jsonl` logs (a sub-agents' folder too),
 * an OpenCode storage folder's files, and any other file a format claims by what it holds, whatever
 * its name (a Gemini CLI chat, an OpenCode export, a Cline task's file, a log saved as `.log`).
 */
export async function sessionFilesOf(files: readonly File[]): Promise<File[]> {
  const found: File[] = [];
  for (const file of files) if (file.name.endsWith('.jsonl') || isStorageFile(file) || (await isSessionFile(file))) found.push(file);
  return found;
}

/**
 * Why a drop holds nothing to open: each file's look, as the formats' table tells it ("text, not
 * JSON (it starts …)"), and what the page opens.
 */
export async function nothingToOpen(files: readonly File[]): Promise<string> {
  const { looksOf, readableFormatNames } = await import('../../scenarios/import/sessionFormats');
  const looks = await Promise.all(
    files.slice(0, 3).map(async (file) => {
      const head = await file
        .slice(0, HEAD_BYTES)
        .text()
        .catch(() => null);
      const why = head === null ? 'it could not be read' : head.trim() === '' ? 'the file is empty' : `it looks like ${looksOf(head)}, and no format claims it`;
      return `${pathOf(file)}: ${why}`;
    }),
  );
  const more = files.length > 3 ? ` (and ${files.length - 3} more)` : '';
  return `Nothing to open in ${files.length === 0 ? 'the drop' : `${looks.join('; ')}${more}`}. The page opens a session log of ${readableFormatNames()} (by what it holds, whatever its name), a folder of them, or a scenario (.json).`;
}

/** Whether a drop or pick holds a session log rather than a scenario file. */
export async function holdsSessionLog(files: readonly File[]): Promise<boolean> {
  return (await sessionFilesOf(files)).length > 0;
}

/**
 * Reads the logs of one session (its main log, and its sub-agents' `agent-*.jsonl` when given
 * too) and imports them, whichever agent wrote them. The texts stay in this function's hands: nothing is stored or sent.
 */
export async function openSessionFiles(files: readonly File[]): Promise<SessionOpening> {
  const logs = await sessionFilesOf(files);
  if (logs.length === 0) {
    const { SESSION_FORMATS } = await import('../../scenarios/import/sessionFormats');
    const known = SESSION_FORMATS.filter((format) => !('refusal' in format)).map((format) => `${format.name}: ${format.where}`);
    return { ok: false, message: `No session log among these files. The playground reads ${known.join('; ')}.` };
  }
  // A storage folder's session goes first, its messages and parts after it (storageSessions.ts).
  const ordered = logs.some(isStorageFile) ? (await sessionsOf(logs)).flatMap((session) => [session.main, ...session.subAgents]) : logs;
  let read: LogFile[];
  try {
    // A folder's files keep their path inside it, so `subagents/agent-…` is told apart from the main log.
    read = await Promise.all(ordered.map(async (file) => ({ name: pathOf(file), text: await file.text() })));
  } catch (error: unknown) {
    return { ok: false, message: `The log could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  // The importer (and the tool registry it asks for kinds) loads with the first log, not with the page.
  const { importSessionTexts } = await import('./sessionImport');
  return importSessionTexts(read);
}

/**
 * One session of a dropped folder: its main log, and its sub-agents' logs under `<session>/subagents/`
 * (a Codex session: its sub-agents' rollouts; a Cline task: its ui_messages.json).
 */
export interface FolderSession {
  readonly main: File;
  readonly subAgents: readonly File[];
}


/** A file's folder inside the drop, with its trailing slash. */
const folderOf = (file: File) => pathOf(file).slice(0, pathOf(file).lastIndexOf('/') + 1);

/**
 * The sessions among a drop's log files: each main log with the sub-agents' logs beside it; a Cline
 * task's API history with the ui_messages.json of its folder (which goes alone only without one); an
 * OpenCode storage folder's sessions with their files.
 */
export async function sessionsOf(files: readonly File[]): Promise<FolderSession[]> {
  const logs = files.filter((file) => !isStorageFile(file));
  const stored = files.length > logs.length ? await storageSessionsOf(files.filter(isStorageFile)) : [];
  const histories = new Set(logs.filter((file) => baseName(file) === 'api_conversation_history.json').map(folderOf));
  const withHistory = (file: File) => baseName(file) === 'ui_messages.json' && histories.has(folderOf(file));
  const mains = logs.filter((file) => !isSubAgentFile(pathOf(file)) && !withHistory(file));
  // A Codex sub-agent's rollout goes with its parent's, as on the command line (loaded with a drop, not with the page).
  const { groupCodexThreads, ROLLOUT_HEAD_BYTES } = await import('../../scenarios/import/codex/threadGroups');
  const codex = await groupCodexThreads(mains, (file) => file.slice(0, ROLLOUT_HEAD_BYTES).text(), (file) => file.name.endsWith('.jsonl'));
  const sessions: FolderSession[] = codex.logs.map((main) => {
    if (baseName(main) === 'api_conversation_history.json') return { main, subAgents: logs.filter((file) => withHistory(file) && folderOf(file) === folderOf(main)) };
    const folder = `${pathOf(main).replace(/\.jsonl$/, '')}/subagents/`;
    const threads = codex.companions.get(main) ?? [];
    return { main, subAgents: [...logs.filter((file) => isSubAgentFile(pathOf(file)) && pathOf(file).startsWith(folder)), ...threads] };
  });
  return [...sessions, ...stored];
}
