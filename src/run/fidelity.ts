import { agentName } from '../scenarios/import/sessionAgents';
import type { Observed, ObservedOutcome } from '../scenarios/schema';
import type { CallOutcome } from '../tools/execution';
import type { CallRecord, RunRecord, TurnRecord } from './record';
import { allCalls } from './runFacts';
import { toolOutputOf } from '../tools/toolOutputs';
import type { StartWitness } from '../scenarios/import/callStarts';

/**
 * Why a replayed call ended otherwise than it really did, in classes a user can act on: the
 * sandbox lacks the command, the log never showed the file, the call reaches outside the session's
 * folder (which the sandbox does not hold), the playground lacks the tool, the policy differs (a
 * cancellation the real agent did or did not make, or a rule of the playground's tools the real
 * agent does not keep), the user has not allowed it here (a rerun runs a log's command only with
 * the user's own rules or answer), something it depended on did not reproduce, or a real
 * difference (worth reporting).
 */
export type FidelityClass = 'reproduced' | 'missing-command' | 'unknown-file' | 'outside-folder' | 'missing-tool' | 'policy' | 'not-allowed' | 'follows-earlier' | 'not-run' | 'real-difference';

export interface CallFidelity {
  readonly id: string;
  readonly name: string;
  readonly real: ObservedOutcome;
  readonly replayed: CallOutcome | null;
  readonly verdict: FidelityClass;
  /** Why, in words (empty when reproduced). */
  readonly why: string;
}

export interface FidelityReport {
  readonly calls: readonly CallFidelity[];
  /** How many calls fell in each class. */
  readonly counts: Readonly<Partial<Record<FidelityClass, number>>>;
}

/** The class of an outcome, to compare a real run and a replay (an input check's `invalid` is an error). */
function sameOutcome(real: ObservedOutcome, replayed: CallOutcome | null): boolean {
  // A call the log left unanswered is still open when the run ends, or never reached.
  if (real === 'unanswered') return replayed === null || replayed === 'interrupted';
  if (replayed === null) return false;
  if (real === 'error') return replayed === 'error' || replayed === 'invalid';
  return real === replayed;
}

/** The command a Bash result says the sandbox does not have. */
function missingCommand(call: CallRecord): string | undefined {
  const output = toolOutputOf('Bash', call);
  const display = output && !('background' in output) ? output : undefined;
  const text = `${display?.stderr ?? ''}\n${call.result?.content ?? ''}`;
  const found = /(?:^|\n|: )([\w.+-]+): (?:command )?not found/.exec(text) ?? /command not found: ([\w.+-]+)/.exec(text);
  if (found) return found[1];
  const command = (call.input as { command?: unknown }).command;
  return display?.exitCode === 127 ? ((typeof command === 'string' ? command.trim().split(/\s+/)[0] : undefined) ?? 'a command') : undefined;
}

/**
 * Compares a replay with what really happened, call by call: reproduced, or why not. Run it on the
 * record of a scenario that has `observed` (one imported from a session log).
 */
export function fidelityReport(record: RunRecord, observed: Observed, knownFiles: readonly string[]): FidelityReport {
  const byId = new Map(allCalls(record.turns).map((call) => [call.id, call]));
  const known = new Set(knownFiles);
  const calls: CallFidelity[] = [];
  let diverged = false;
  for (const [id, real] of Object.entries(observed.calls)) {
    const call = byId.get(id);
    const replayed = call?.outcome ?? null;
    const verdict = (klass: FidelityClass, why: string): CallFidelity => ({ id, name: call?.name ?? '?', real: real.outcome, replayed, verdict: klass, why });
    if (!call) {
      calls.push(verdict('not-run', 'the replay never reached this call (an earlier turn ended the run)'));
      continue;
    }
    if (sameOutcome(real.outcome, replayed)) {
      calls.push(verdict('reproduced', ''));
      continue;
    }
    const content = call.result?.content ?? '';
    const path = (call.input as { file_path?: unknown; path?: unknown }).file_path ?? (call.input as { path?: unknown }).path;
    const command = call.name === 'Bash' ? missingCommand(call) : undefined;
    if (/No such tool available|not available in the playground/.test(content)) calls.push(verdict('missing-tool', `the playground has no ${call.name} tool`));
    else if (replayed === 'denied') calls.push(verdict('not-allowed', 'not allowed here: a command from a log runs only with your permission (an allow rule in the scenario’s settings, or Ask me on the page)'));
    else if (command !== undefined) calls.push(verdict('missing-command', `the ${record.sandbox} sandbox has no \`${command}\``));
    else if (/outside the workspace|is absolute|leaves the workspace/i.test(content)) calls.push(verdict('outside-folder', 'it reaches outside the session’s folder, which the replay’s workspace stands for'));
    else if (typeof path === 'string' && !known.has(path) && /does not exist|has not been read|no such file|not found/i.test(content)) {
      calls.push(verdict('unknown-file', `the log never showed ${path} as it was`));
    } else if (/has not been read in this session/.test(content) && observed.agent !== 'claude-code') {
      // Codex CLI's apply_patch changes a file it never read; the playground's Edit and Write keep Claude Code's rule.
      calls.push(verdict('policy', `${agentName(observed.agent)} changes a file without reading it first; the playground's ${call.name} needs a Read of it in the session`));
    } else if (call.name === 'Bash' && /No such file or directory/.test(content)) {
      calls.push(verdict('unknown-file', 'it works on files or folders the log never showed'));
    } else if (replayed === 'cancelled' || real.outcome === 'cancelled') {
      calls.push(verdict('policy', replayed === 'cancelled' ? 'the replay’s policy cancelled it after a sibling failed' : 'the real agent cancelled it after a sibling failed; the replay’s policy did not'));
    } else if (diverged) calls.push(verdict('follows-earlier', 'an earlier call did not reproduce, so the workspace had drifted'));
    else calls.push(verdict('real-difference', `it really ended as ${real.outcome}, the replay as ${replayed ?? 'nothing'}: ${firstLine(content)}`));
    diverged = true;
  }
  const counts: Partial<Record<FidelityClass, number>> = {};
  for (const call of calls) counts[call.verdict] = (counts[call.verdict] ?? 0) + 1;
  return { calls, counts };
}

/** The report in a few lines: counts, then each call that did not reproduce. */
export function formatFidelity(report: FidelityReport): string {
  const total = report.calls.length;
  const order: FidelityClass[] = ['reproduced', 'policy', 'not-allowed', 'missing-command', 'unknown-file', 'outside-folder', 'missing-tool', 'follows-earlier', 'not-run', 'real-difference'];
  const counts = order.filter((klass) => report.counts[klass]).map((klass) => `${report.counts[klass]} ${klass}`);
  const lines = [`fidelity: ${total} calls: ${counts.join(', ')}`];
  for (const call of report.calls) if (call.verdict !== 'reproduced') lines.push(`  ${call.id} ${call.name}: ${call.verdict}: ${call.why}`);
  return `${lines.join('\n')}\n`;
}

function firstLine(text: string): string {
  const line = text.replace(/<\/?tool_use_error>/g, '').trim().split('\n')[0] ?? '';
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

/** One call of `--format fidelity`: how it really ended and started, and how the replay did. */
export interface CallStart {
  readonly id: string;
  readonly name: string;
  readonly observedOutcome: ObservedOutcome;
  readonly outcome: CallOutcome | null;
  /** When it really started, from the first block of its response; `null` where the log does not say. */
  readonly observedStartMs: number | null;
  /** When the replay started it, from the first block of the same response; `null` where it never ran. */
  readonly startMs: number | null;
  /**
   * How its real start is known (design.md, Sessions): `log` (the agent wrote it, or a hook of it
   * began), `rules` (the agent's own start rule over when its block closed and when the calls
   * ahead of it really ended), `inconsistent` (it ended before those rules would start it);
   * `null` where the call has no start to hold a replay to.
   */
  readonly startWitness: StartWitness | null;
}

/** Starts held to the real ones, of the calls whose real start is known one way. */
export interface StartTally {
  readonly timed: number;
  readonly startsWithin: number;
}

/** A replay against the real run, call by call, as `--format fidelity` prints it. */
export interface FidelityData {
  readonly agent: string;
  readonly version: string;
  readonly preset: string;
  readonly calls: readonly CallStart[];
  readonly totals: {
    readonly calls: number;
    readonly sameOutcome: number;
    /** Calls with both starts known. */
    readonly timed: number;
    /** Of those, the ones that started within `toleranceMs` of the real start. */
    readonly startsWithin: number;
    readonly toleranceMs: number;
    /** The same, split by how each real start is known: the log says it, or the agent's rules give it. */
    readonly byWitness: { readonly log: StartTally; readonly rules: StartTally; readonly inconsistent: StartTally };
  };
}

/** How far from its real start a replayed call may start and still count as reproduced. */
export const START_TOLERANCE_MS = 50;

/** Each call's real outcome and start beside the replay's, then the totals (design.md, Recorded effects). */
export function fidelityData(record: RunRecord, observed: Observed, preset: string): FidelityData {
  const replayed = new Map<string, { call: CallRecord; startMs: number | null }>();
  const walk = (turns: readonly TurnRecord[]) => {
    for (const turn of turns) {
      const origin = turn.blocks[0]?.startedAt ?? turn.streamStartedAt;
      for (const call of turn.calls) {
        replayed.set(call.id, { call, startMs: call.executingAt === null ? null : Math.round(call.executingAt - origin) });
        walk(call.children ?? []);
      }
    }
  };
  walk(record.turns);
  const calls: CallStart[] = Object.entries(observed.calls).map(([id, real]) => {
    const replay = replayed.get(id);
    return {
      id,
      name: replay?.call.name ?? '?',
      observedOutcome: real.outcome,
      outcome: replay?.call.outcome ?? null,
      observedStartMs: real.offsetMs ?? null,
      startMs: replay?.startMs ?? null,
      startWitness: real.offsetMs === undefined ? null : (real.startWitness ?? 'rules'),
    };
  });
  const timed = calls.filter((call) => call.observedStartMs !== null && call.startMs !== null);
  const within = (call: CallStart) => Math.abs(call.startMs! - call.observedStartMs!) <= START_TOLERANCE_MS;
  const tally = (witness: StartWitness): StartTally => {
    const these = timed.filter((call) => call.startWitness === witness);
    return { timed: these.length, startsWithin: these.filter(within).length };
  };
  return {
    agent: observed.agent,
    version: observed.version,
    preset,
    calls,
    totals: {
      calls: calls.length,
      sameOutcome: calls.filter((call) => sameOutcome(call.observedOutcome, call.outcome)).length,
      timed: timed.length,
      startsWithin: timed.filter(within).length,
      toleranceMs: START_TOLERANCE_MS,
      byWitness: { log: tally('log'), rules: tally('rules'), inconsistent: tally('inconsistent') },
    },
  };
}
