import type { Observed, Scenario, ScenarioInput } from '../schema';
import { inputDepthProblem, stringifyJson } from '../../model/deepJson';
import { validateScenario } from '../validate';
import type { LogProblem } from './logLines';
import { expectedOutcome, observedOutcome } from './observedOutcome';
import { outcomeWordsOf, SESSION_AGENT_NAMES, type SessionAgent } from './sessionAgents';
import { isAgentCall, type LoggedAgent, type LoggedCall, type LoggedResponse, type SessionLog } from './sessionLog';
import { relativeInput } from './sessionPaths';
import { responseStarts, startRulesOf, type CallTiming } from './responseStarts';
import { auditOf } from './logAudit';
import type { ToolUseBlock } from '../../tools/callTypes';
import { sessionWorkspace } from './sessionWorkspace';
import { callCountText } from '../scenarioCalls';
import { distinctCallIds } from './distinctCallIds';
import { durationText, FOLDED_MS, foldIdle, foldProblems } from './idleFold';

type TurnInput = ScenarioInput['turns'][number];
type BlockInput = TurnInput['stream'][number];

/** An imported session, or why none could be made; `problems` name every line that could not be used. */
export type ImportResult = { ok: true; scenario: Scenario; problems: LogProblem[] } | { ok: false; problems: LogProblem[] };

/** Result text kept per call in `observed` (the rest is cut: a log may hold whole files). */
const RESULT_CHARS = 2000;

/**
 * Turns a session as read from any agent's log into a scenario that replays it: each response a
 * turn whose blocks keep their real order and timing (from the lines' timestamps, relative to the
 * response's first line), the real inputs (paths inside the session's folder made relative), each
 * call's real duration as its latency (so a replay under another policy spends the same time in
 * the same tools), the sub-agents under `agents`, the workspace as far as the log shows it, what
 * really happened under `observed`, and, as expectations, the real outcomes in the playground's
 * words. `source` names the log in problems; `unknown` adds what the agent's reader could not
 * tell. Never throws.
 */
export function scenarioOfSession(logged: SessionLog, source: string, agent: SessionAgent, options: { id?: string; unknown?: readonly string[] } = {}): ImportResult {
  // What the scenario could not hold as the log has it, made so and named: idle weeks folded, reused ids renamed.
  const folded = foldIdle(logged);
  const distinct = distinctCallIds(folded.session, source);
  const session = distinct.session;
  const problems = [...session.problems, ...foldProblems(folded.folds, source), ...distinct.problems];
  if (session.main.responses.length === 0) {
    problems.push({ source, line: 0, message: 'the log holds no model response to replay' });
    return { ok: false, problems };
  }
  const name = SESSION_AGENT_NAMES[agent.id];
  if (session.main.calls.size === 0 && [...session.agents.values()].every((each) => each.calls.size === 0)) {
    const count = session.main.responses.length;
    problems.push({ source, line: 0, message: `a ${name} session with ${count} model response${count === 1 ? '' : 's'} and no tool call: there is nothing in it for a tool system to replay` });
    return { ok: false, problems };
  }
  const workspace = sessionWorkspace(session);
  const answers: Record<string, 'allow' | 'deny'> = {};
  const folds = folded.folds.map((fold) => `the log was idle ${durationText(fold.to - fold.from)} before line ${fold.line}: folded to ${durationText(FOLDED_MS)} in its times`);
  const observed: Observed = { agent: agent.id, version: session.version, calls: {}, unknown: [...workspace.unknown, ...folds, ...(options.unknown ?? [])] };
  const rules = startRulesOf(agent.policy);
  const timings = new Map<string, CallTiming>();
  // Each call's input made once (paths relative, its depth checked): for its start rule, then for the scenario.
  const inputs = new Map<LoggedCall, Record<string, unknown> | string>();
  const inputFor = (call: LoggedCall) => {
    let input = inputs.get(call);
    if (input === undefined) inputs.set(call, (input = inputOf(call, session.cwd)));
    return input;
  };
  const toTurns = (each: LoggedAgent, startedAt?: number) =>
    each.responses.map((response, index) => {
      for (const [id, timing] of responseStarts(response, each, (callId) => blockOf(each.calls.get(callId)!, inputFor), rules)) timings.set(id, timing);
      return turnOf(response, each, session, { requestAt: requestAt(each, index, startedAt), timings, inputFor }, observed, answers);
    });

  const turns = toTurns(session.main);
  const startOf = (call: LoggedCall) => timings.get(call.id)?.ranAt ?? timings.get(call.id)?.startedAt ?? call.closedAt;
  const agents: Record<string, { turns: TurnInput[] }> = {};
  for (const call of session.main.calls.values()) {
    // An Agent call, or any call whose own calls the log holds (a Codex code-mode exec).
    if (!isAgentCall(call) && !session.agents.has(call.id)) continue;
    const sub = session.agents.get(call.id);
    if (sub && sub.responses.length > 0) agents[call.id] = { turns: toTurns(sub, startOf(call)) };
    else {
      // No log of the sub-agent: its answer alone, as one response.
      agents[call.id] = { turns: [{ stream: [{ type: 'text', text: (call.result?.text ?? '').slice(0, RESULT_CHARS), at: 0, durationMs: 0 }] }] };
      observed.unknown!.push(`the sub-agent of ${call.id} (${call.name}): its own log is not here, only its answer`);
    }
  }
  const outcomes = new Map(Object.entries(observed.calls).map(([id, call]) => [id, call.outcome]));
  observed.audit = auditOf(session, timings, outcomes);
  const short = (session.sessionId || options.id || 'session').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 8) || 'session';
  const prompt = (session.main.prompt ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
  const input: ScenarioInput = {
    id: options.id ?? `session-${short}`,
    title: `Session ${short}${session.version ? ` (${name} ${session.version})` : ''}${prompt ? `: ${prompt.length > 60 ? `${prompt.slice(0, 59)}…` : prompt}` : ''}`,
    description: `Imported from a real ${name} session log: ${session.main.responses.length} responses, ${callCountText({ turns, agents })}${
      session.agents.size > 0 ? ` (${session.agents.size} sub-agent${session.agents.size === 1 ? '' : 's'} with their own log)` : ''
    }. It replays the model's responses with their real timing and each tool's real duration, against the files the log shows.`,
    workspace: { files: workspace.files },
    // Asks are refused: a command in someone's log runs here (rerun) only with the user's own rules
    // or answer, never the log's. A recorded call is never asked: the log is its answer.
    settings: { policy: agent.policy, permissionMode: 'default', answers, defaultAnswer: 'deny' },
    turns,
    ...(Object.keys(agents).length > 0 ? { agents } : {}),
    observed,
  };
  const result = validateScenario(input);
  if (!result.ok) {
    for (const error of result.errors) problems.push({ source, line: 0, message: `the imported scenario is not valid at ${error.path || '(root)'}: ${error.message}` });
    return { ok: false, problems };
  }
  return { ok: true, scenario: result.scenario, problems };
}

/**
 * When the request that `agent`'s response `index` answers was sent, where the log tells: once the
 * last result of the response before came back (the model's time since is its latency), or, for a
 * sub-agent's first response, when its Agent call started. `undefined` after a response without
 * calls: a person's next prompt followed it, and their time is not the model's.
 */
function requestAt(agent: LoggedAgent, index: number, startedAt: number | undefined): number | undefined {
  if (index === 0) return startedAt;
  const ends = agent.responses[index - 1]!.blocks.flatMap((block) => {
    const ended = block.kind === 'tool_use' ? agent.calls.get(block.callId!)?.endedAt : undefined;
    return ended === undefined ? [] : [ended];
  });
  return ends.length > 0 ? Math.max(...ends) : undefined;
}

/**
 * One response as a scripted turn; records each call's real run in `observed`. Its blocks start
 * after the model's real latency (`requestAt` to its first block), so a replay spends the model's
 * time where the agent did: a sub-agent's run takes as long as it really took.
 */
function turnOf(
  response: LoggedResponse,
  agent: LoggedAgent,
  session: SessionLog,
  timing: { requestAt: number | undefined; timings: ReadonlyMap<string, CallTiming>; inputFor: (call: LoggedCall) => Record<string, unknown> | string },
  observed: Observed,
  answers: Record<string, 'allow' | 'deny'>,
): TurnInput {
  const t0 = response.blocks[0]?.at ?? 0;
  const lead = timing.requestAt !== undefined ? Math.max(0, Math.round(t0 - timing.requestAt)) : 0;
  const fromFirst = (at: number) => Math.max(0, Math.round(at - t0));
  const rel = (at: number) => lead + fromFirst(at);
  const stream: BlockInput[] = [];
  const outcomes: Record<string, ReturnType<typeof expectedOutcome> & string> = {};
  let previous = lead;
  let interruptAt: number | undefined;
  for (const block of response.blocks) {
    const close = rel(block.at);
    const at = Math.min(previous, close);
    previous = close;
    if (block.kind !== 'tool_use') {
      stream.push({ type: 'text', text: block.kind === 'thinking' ? '' : block.text, at, durationMs: close - at });
      continue;
    }
    const call = agent.calls.get(block.callId!)!;
    const outcome = observedOutcome(call, outcomeWordsOf(observed.agent));
    // When it really started: as the log says, else by the agent's own rules (responseStarts.ts).
    const known = timing.timings.get(call.id);
    const started = known?.startedAt ?? call.closedAt;
    const ended = known?.endedAt ?? call.endedAt;
    // No latencyMs: a call's duration is in `observed`, replayed as its recorded effect, or (rerun) its real work here.
    stream.push({ type: 'tool_use', id: call.id, name: call.name, input: timing.inputFor(call), at, durationMs: close - at });
    observed.calls[call.id] = {
      outcome,
      ...(call.result ? { result: call.result.text.slice(0, RESULT_CHARS) } : {}),
      startedAt: Math.max(0, Math.round(started - session.origin)),
      // A call cancelled by a sibling never started: it has no start to hold a replay to.
      ...(outcome !== 'cancelled' ? { offsetMs: fromFirst(started), startWitness: known?.witness ?? 'rules' } : {}),
      ...(known?.ranAt !== undefined ? { ranAt: Math.max(0, Math.round(known.ranAt - session.origin)) } : {}),
      ...(ended !== undefined ? { endedAt: Math.max(0, Math.round(ended - session.origin)) } : {}),
    };
    if (outcome === 'denied') answers[call.id] = 'deny';
    if (outcome === 'interrupted' && call.endedAt !== undefined) interruptAt = Math.min(interruptAt ?? Infinity, Math.max(rel(call.endedAt), close + 1));
    const expected = expectedOutcome(outcome, call.result?.text ?? '');
    if (expected !== undefined) outcomes[call.id] = expected;
  }
  return {
    stream,
    ...(interruptAt !== undefined ? { interruptAt } : {}),
    ...(Object.keys(outcomes).length > 0 ? { expect: { outcomes } } : {}),
  };
}

/** A call as the replay's scheduler will see it: its input as the scenario holds it. */
function blockOf(call: LoggedCall, inputFor: (call: LoggedCall) => Record<string, unknown> | string): ToolUseBlock {
  const input = inputFor(call);
  return typeof input === 'string' ? { id: call.id, name: call.name, input: {}, inputError: input } : { id: call.id, name: call.name, input };
}

/** A call's input as the scenario takes it (an object; anything else as its JSON text), paths made relative. */
function inputOf(call: LoggedCall, cwd: string): Record<string, unknown> | string {
  // Arguments that were never JSON (a Codex CLI call's broken arguments) stay the text the model sent.
  if (typeof call.input === 'string') return call.input;
  const input = relativeInput(call.input, cwd);
  const text = stringifyJson(input);
  // Input nested too deep for the engine stays text: written out safely, and refused when replayed.
  if (inputDepthProblem(text) !== undefined) return text;
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) return input as Record<string, unknown>;
  return text;
}
