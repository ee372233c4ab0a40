import { importSessionLog } from '../../scenarios/import/importSessionLog';
import { formatLogProblems } from '../../scenarios/import/logProblems';
import { agentAndVersion } from '../../scenarios/import/sessionAgents';
import type { LogFile } from '../../scenarios/import/readSession';
import { writeScenarioJson } from '../../scenarios/scenarioJson';
import type { Scenario } from '../../scenarios/schema';

/** What opening a session log in the page gives: a scenario to open, or why none could be made. */
export type SessionOpening =
  | { ok: true; id: string; json: string; scenario: Scenario; calls: number; label: string; problems: string; bytes: number }
  | { ok: false; message: string };

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
  return importSessionTexts(read);
}

/** Imports session logs already read (a drop, a pick, or the lines `npm run watch` streams). */
export function importSessionTexts(files: readonly LogFile[]): SessionOpening {
  const imported = importSessionLog(files);
  if (!imported.ok) return { ok: false, message: `No scenario could be made of the log: ${formatLogProblems(imported.problems)}` };
  const { scenario } = imported;
  const observed = scenario.observed!;
  return {
    ok: true,
    id: scenario.id,
    json: writeScenarioJson(scenario),
    scenario,
    calls: Object.keys(observed.calls).length,
    label: agentAndVersion(observed),
    problems: formatLogProblems(imported.problems),
    bytes: files.reduce((sum, file) => sum + file.text.length, 0),
  };
}
