import { importSessionLog } from '../../scenarios/import/importSessionLog';
import type { LogFile } from '../../scenarios/import/logFile';
import { formatLogProblems } from '../../scenarios/import/logProblems';
import { agentAndVersion } from '../../scenarios/import/sessionAgents';
import { callCountText } from '../../scenarios/scenarioCalls';
import { writeScenarioJson } from '../../scenarios/scenarioJson';
import type { Scenario } from '../../scenarios/schema';

/** What opening a session log in the page gives: a scenario to open, or why none could be made. */
export type SessionOpening =
  | { ok: true; id: string; json: string; scenario: Scenario; calls: string; label: string; problems: string; bytes: number }
  | { ok: false; message: string };

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
    calls: callCountText(scenario),
    label: agentAndVersion(observed),
    problems: formatLogProblems(imported.problems),
    bytes: files.reduce((sum, file) => sum + file.text.length, 0),
  };
}
