import type { CallRecord, ExpectationReport, RunRecord, TurnRecord } from './record';
import { withExpectations } from './reduceRun';

/** What one turn must show (the scenario's `turns[i].expect`). */
export interface TurnExpectation {
  /** The batches, each a list of tool_use ids, in order. */
  batches?: readonly (readonly string[])[] | undefined;
  /** The outcome of each named call. */
  outcomes?: Readonly<Record<string, string>> | undefined;
  /** Text each named call's result contains. */
  resultIncludes?: Readonly<Record<string, string>> | undefined;
  /** The order results are yielded in. */
  yieldOrder?: readonly string[] | undefined;
}

/** The scripted turns of one agent, each maybe with expectations. */
export interface ExpectedTurns {
  turns: readonly { expect?: TurnExpectation | undefined }[];
}

/**
 * Everything a scenario expects of a run: per turn of the main agent (aligned with the record's
 * turns: a fallback turn and its retry are separate entries in both), per turn of each scripted
 * sub-agent, and of the final workspace. A validated `Scenario` fits this shape as it is.
 */
export interface ScenarioExpectations extends ExpectedTurns {
  agents?: Readonly<Record<string, ExpectedTurns>> | undefined;
  expect?: { files?: Readonly<Record<string, string>> | undefined } | undefined;
}

const PREVIEW_CHARS = 160;

/**
 * Checks a finished run against its scenario's expectations. Each failure names the turn (and the
 * agent, for a sub-agent), the call and what differed, as expected versus actual.
 */
export function checkExpectations(record: RunRecord, scenario: ScenarioExpectations): ExpectationReport {
  const failures: string[] = [];
  // A run that could not finish has not shown what it was meant to, whatever it expected.
  if (record.error !== undefined) failures.push(`the run did not finish: ${record.error}`);
  // The record's turns are built on first read: a scenario that expects nothing of them leaves them unbuilt.
  if (scenario.turns.some((turn) => turn.expect)) checkTurns(record.turns, scenario.turns, 'turn', failures);
  for (const [agentId, agent] of Object.entries(scenario.agents ?? {})) {
    const agentCall = findCall(record.turns, agentId);
    const where = `agent ${agentId}`;
    if (!agentCall) {
      if (agent.turns.some((turn) => turn.expect)) failures.push(`${where}: the Agent call never ran, so none of its expectations could be met`);
      continue;
    }
    checkTurns(agentCall.children ?? [], agent.turns, `${where} turn`, failures);
  }
  for (const [path, expected] of Object.entries(scenario.expect?.files ?? {})) {
    const actual = record.files[path];
    if (actual === undefined) failures.push(`file ${path}: expected it to exist with ${preview(expected)}, but the workspace has no such file`);
    else if (actual !== expected) failures.push(`file ${path}: ${describeTextDifference(expected, actual)}`);
  }
  return { passed: failures.length === 0, failures };
}

/** The record with `checkExpectations`' verdict attached (what the command line and the page show). */
export function applyExpectations(record: RunRecord, scenario: ScenarioExpectations): RunRecord {
  return withExpectations(record, checkExpectations(record, scenario));
}

function checkTurns(
  turns: readonly TurnRecord[],
  expected: readonly { expect?: TurnExpectation | undefined }[],
  label: string,
  failures: string[],
): void {
  expected.forEach((scripted, index) => {
    const expect = scripted.expect;
    if (!expect) return;
    const where = `${label} ${index}`;
    const turn = turns.find((candidate) => candidate.index === index);
    if (!turn) {
      failures.push(`${where}: expected it to run, but the run ended after ${turns.length} turn(s)`);
      return;
    }
    checkTurn(turn, expect, where, failures);
  });
}

function checkTurn(turn: TurnRecord, expect: TurnExpectation, where: string, failures: string[]): void {
  if (expect.batches) {
    const actual = turn.batches.map((batch) => batch.toolUseIds);
    if (!sameLists(expect.batches, actual)) {
      failures.push(`${where}: batches differ: expected ${formatBatches(expect.batches)}, got ${formatBatches(actual)}`);
    }
  }
  for (const [id, outcome] of Object.entries(expect.outcomes ?? {})) {
    const call = callOf(turn, id, where, failures, `outcome ${outcome}`);
    if (call && call.outcome !== outcome) {
      failures.push(`${where}: call ${id} (${call.name}): expected outcome ${outcome}, got ${call.outcome ?? 'none (it never finished)'}`);
    }
  }
  for (const [id, text] of Object.entries(expect.resultIncludes ?? {})) {
    const call = callOf(turn, id, where, failures, `a result including ${JSON.stringify(text)}`);
    if (!call) continue;
    if (call.result === null) failures.push(`${where}: call ${id} (${call.name}): expected a result including ${JSON.stringify(text)}, but it has no result (outcome ${call.outcome ?? 'none'})`);
    else if (!call.result.content.includes(text)) {
      failures.push(`${where}: call ${id} (${call.name}): expected the result to include ${JSON.stringify(text)}, got ${preview(call.result.content)}`);
    }
  }
  if (expect.yieldOrder && !sameList(expect.yieldOrder, turn.yieldOrder)) {
    failures.push(`${where}: yield order differs: expected [${expect.yieldOrder.join(', ')}], got [${turn.yieldOrder.join(', ')}]`);
  }
}

function callOf(turn: TurnRecord, id: string, where: string, failures: string[], wanted: string): CallRecord | undefined {
  const call = turn.calls.find((candidate) => candidate.id === id);
  if (!call) {
    const seen = turn.calls.map((candidate) => candidate.id);
    failures.push(`${where}: call ${id}: expected ${wanted}, but no such call reached the executor in this turn (calls: ${seen.length > 0 ? seen.join(', ') : 'none'})`);
  }
  return call;
}

/** Finds a call anywhere in the run, sub-agents included. */
function findCall(turns: readonly TurnRecord[], id: string): CallRecord | undefined {
  for (const turn of turns) {
    for (const call of turn.calls) {
      if (call.id === id) return call;
      const nested = call.children ? findCall(call.children, id) : undefined;
      if (nested) return nested;
    }
  }
  return undefined;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function sameLists(a: readonly (readonly string[])[], b: readonly (readonly string[])[]): boolean {
  return a.length === b.length && a.every((list, i) => sameList(list, b[i]!));
}

function formatBatches(batches: readonly (readonly string[])[]): string {
  return `[${batches.map((batch) => `[${batch.join(', ')}]`).join(', ')}]`;
}

function preview(text: string): string {
  const shown = text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
  return `${JSON.stringify(shown)}${text.length > PREVIEW_CHARS ? ` (${text.length} characters)` : ''}`;
}

/** Names the first line where two texts part, with both versions of it. */
function describeTextDifference(expected: string, actual: string): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  let line = 0;
  while (line < want.length && line < got.length && want[line] === got[line]) line++;
  const expectedLine = line < want.length ? JSON.stringify(want[line]) : '(end of file)';
  const actualLine = line < got.length ? JSON.stringify(got[line]) : '(end of file)';
  return `content differs from line ${line + 1}: expected ${expectedLine}, got ${actualLine} (expected ${expected.length} characters, got ${actual.length})`;
}
