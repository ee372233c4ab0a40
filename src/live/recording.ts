import type { CallRecord, RunRecord, StreamBlockRecord, TurnRecord } from '../run/record';
import { workspacePathProblem } from '../scenarios/checks';
import type { Scenario, ScenarioInput, ScenarioSettings } from '../scenarios/schema';
import { validateScenario } from '../scenarios/validate';
import { kindOfToolName } from '../tools/builtInKinds';

/** What the run record does not say about a live run. */
export interface RecordingMeta {
  workspace: Readonly<Record<string, string>>;
  settings: ScenarioSettings;
  prompt: string;
  model: string;
  title?: string;
  /** The scenario's id; `live-YYYYMMDD-HHMMSS` (UTC, of `recordedAt`) by default. */
  id?: string;
  /** When the run was recorded; now by default. */
  recordedAt?: Date;
}

type TurnInput = ScenarioInput['turns'][number];
type BlockInput = TurnInput['stream'][number];

/**
 * How long a sub-agent's cut stream and interrupted calls are held open in the recording: a
 * sub-agent has no Stop of its own, so in the replay they must still be pending when the parent's
 * interrupt (or fallback) reaches them, however much sooner the replay gets there.
 */
const HOLD_MS = 3_600_000;
/** How long a call of the main agent that the Stop or a fallback caught stays busy past the cut. */
const CUT_MARGIN_MS = 1_000;
/** How long before the cut a call that finished first in the live run must finish in the replay. */
const FINISH_MARGIN_MS = 200;
/** The outcomes of calls a cut caught (they had not finished when it came). */
const CAUGHT: readonly string[] = ['interrupted', 'discarded'];

/**
 * Turns a live run's record into a scenario that replays it: each turn's blocks with
 * their timings from the turn's start, `fallbackAt` where the stream fell back (the next turn is
 * the retried response), `interruptAt` where the user stopped or the stream failed, the answers
 * given to permission asks, the sub-agents' turns under their Agent calls, and, as expectations,
 * each turn's batches and outcomes and the final files, so a replay checks that it ends as the
 * live run did.
 *
 * Tool latencies are not copied: in a replay, real work takes its own real time again. Only calls
 * a Stop or a fallback caught get a latency that keeps them busy until it comes. Cut times are
 * moved later where the replay would otherwise deliver less before the cut, or cut a call that
 * had finished. Throws only if the log cannot make a valid scenario (a bug, or tool ids the
 * format refuses), naming every problem.
 */
export function recordingFromRecord(record: RunRecord, meta: RecordingMeta): Scenario {
  const answers: Record<string, 'allow' | 'deny'> = {};
  const collect = (turns: readonly TurnRecord[]) => {
    for (const turn of turns) {
      for (const call of turn.calls) {
        // An ask still open at the Stop is answered "allow": the call then waits, held, for the Stop.
        if (call.permission) answers[call.id] = call.permission.answer ?? 'allow';
        if (call.children) collect(call.children);
      }
    }
  };
  collect(record.turns);

  const turns = record.turns.map((turn) => recordTurn(turn, 'main'));
  const agents: Record<string, { turns: TurnInput[] }> = {};
  for (const turn of record.turns) {
    for (const call of turn.calls) {
      if (kindOfToolName(call.name) !== 'agent') continue;
      const agentTurns = call.children ?? [];
      // An Agent call whose sub-agent never started (denied, invalid, stopped first) still needs a script.
      agents[call.id] = { turns: agentTurns.length > 0 ? agentTurns.map((agentTurn) => recordTurn(agentTurn, 'sub')) : [{ stream: [] }] };
    }
  }
  // A fallback whose retry was never requested (the run stopped first) still needs its next turn.
  if (turns.at(-1)?.fallbackAt !== undefined) turns.push({ stream: [] });
  if (turns.length === 0) turns.push({ stream: [] });

  const recordedAt = meta.recordedAt ?? new Date();
  const files = Object.fromEntries(Object.entries(record.files).filter(([path]) => workspacePathProblem(path) === null));
  const settings: Record<string, unknown> = JSON.parse(JSON.stringify({ ...meta.settings, answers, defaultAnswer: 'deny' })) as Record<string, unknown>;
  const input: ScenarioInput = {
    id: meta.id ?? recordingId(recordedAt),
    title: meta.title ?? `Live run: ${clip(firstLine(meta.prompt), 60) || 'no prompt'}`,
    description: describe(meta, recordedAt),
    workspace: { files: { ...meta.workspace } },
    settings,
    turns,
    ...(Object.keys(agents).length > 0 ? { agents } : {}),
    expect: { files },
  };
  const result = validateScenario(input);
  if (!result.ok) {
    throw new Error(`the live run's recording is not a valid scenario: ${result.errors.map((error) => `${error.path || '(root)'}: ${error.message}`).join('; ')}`);
  }
  return result.scenario;
}

/** `live-YYYYMMDD-HHMMSS`, in UTC. */
export function recordingId(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `live-${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}-${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`;
}

/**
 * How a turn's stream was cut, in the turn's own time, before nudging: `held` is a sub-agent's
 * stream cut from outside, which the recording keeps open instead of cutting.
 */
type Cut = { kind: 'fallback' | 'interrupt' | 'held'; at: number } | null;

function recordTurn(turn: TurnRecord, role: 'main' | 'sub'): TurnInput {
  const rel = (at: number) => Math.max(0, Math.round(at - turn.startedAt));
  const blocks = [...turn.blocks].sort((a, b) => a.index - b.index);
  const closed = blocks.filter((block) => block.stoppedAt !== null);
  const open = blocks.filter((block) => block.stoppedAt === null);
  const lastClose = Math.max(-1, ...closed.map((block) => rel(block.stoppedAt!)));
  const lastOpenStart = Math.max(-1, ...open.map((block) => rel(block.startedAt)));
  const cut = cutOf(turn, role, rel);

  // The replay delivers only what is due before the cut: everything that closed (and every block
  // that started) in the live run must come strictly before it, and a call that finished before
  // the cut must have finished in the replay too, whose real work takes its own real time.
  const finishedBefore = turn.calls.filter((call) => call.completedAt !== null && !CAUGHT.includes(call.outcome ?? 'interrupted'));
  const lastFinish = Math.max(-1, ...finishedBefore.map((call) => rel(call.completedAt!) + FINISH_MARGIN_MS));
  const cutAt = cut === null || cut.kind === 'held' ? null : Math.max(cut.at, lastClose + 1, lastOpenStart + 1, lastFinish);
  const openUntil = (block: StreamBlockRecord) => (cutAt !== null ? cutAt + 1 : rel(block.startedAt) + HOLD_MS);
  const stream: BlockInput[] = blocks.map((block) => {
    const at = rel(block.startedAt);
    const close = block.stoppedAt !== null ? rel(block.stoppedAt) : openUntil(block);
    const durationMs = Math.max(0, close - at);
    if (block.kind === 'text') return { type: 'text', text: block.text ?? '', at, durationMs };
    const call = turn.calls.find((candidate) => candidate.id === block.id);
    const latencyMs = call ? heldLatency(call, role, close, cutAt) : 0;
    return {
      type: 'tool_use',
      id: block.id ?? '',
      name: block.name ?? '',
      input: toolInput(call),
      at,
      durationMs,
      ...(latencyMs > 0 ? { latencyMs } : {}),
    };
  });
  // A stream that failed, or was held, after its last block closed (or before any began) went on
  // past it: an empty block stands for the rest, so the replay's stream is still open at the cut
  // (a fallback's block is due at the cut, so the replay never shows it). An interrupt needs none:
  // the replay cuts at `interruptAt` even when its stream is complete.
  if (open.length === 0 && cut?.kind === 'fallback' && cutAt !== null) stream.push({ type: 'text', text: '', at: cutAt, durationMs: 1 });
  if (open.length === 0 && cut?.kind === 'held') stream.push({ type: 'text', text: '', at: Math.max(cut.at, lastClose, 0), durationMs: HOLD_MS });

  const recorded: TurnInput = { stream };
  if (cut?.kind === 'fallback' && cutAt !== null) recorded.fallbackAt = cutAt;
  if (cut?.kind === 'interrupt' && cutAt !== null) recorded.interruptAt = cutAt;
  const batches: string[][] = [];
  for (const call of turn.calls) (batches[call.batch] ??= []).push(call.id);
  const outcomes = Object.fromEntries(turn.calls.flatMap((call) => (call.outcome !== null ? [[call.id, call.outcome]] : [])));
  recorded.expect = { batches: batches.filter((batch) => batch !== undefined), outcomes };
  return recorded;
}

/**
 * Where the live stream was cut: a fallback; the user's Stop or a failed stream (for the main
 * agent an interrupt at that moment; for a sub-agent, whose cut only ever comes from its parent,
 * held open); a Stop while the tools still ran (the first interrupted call marks it); or none.
 */
function cutOf(turn: TurnRecord, role: 'main' | 'sub', rel: (at: number) => number): Cut {
  const reason = turn.streamEndReason;
  const endAt = turn.streamEndedAt;
  if (reason === null || endAt === null) return { kind: role === 'main' ? 'interrupt' : 'held', at: rel(lastMoment(turn)) };
  switch (reason) {
    case 'fallback':
      return { kind: 'fallback', at: rel(endAt) };
    case 'error':
      return { kind: 'interrupt', at: rel(endAt) };
    case 'interrupt':
      return { kind: role === 'main' ? 'interrupt' : 'held', at: rel(endAt) };
    case 'end': {
      if (role === 'sub') return null;
      const stops = turn.calls.filter((call) => call.outcome === 'interrupted' && call.completedAt !== null).map((call) => rel(call.completedAt!));
      return stops.length > 0 ? { kind: 'interrupt', at: Math.min(...stops) } : null;
    }
    default: {
      const exhaustive: never = reason;
      return exhaustive;
    }
  }
}

/** The latest moment the record shows of a turn (where a turn that never ended stops). */
function lastMoment(turn: TurnRecord): number {
  let last = turn.endedAt ?? turn.startedAt;
  const see = (at: number | null | undefined) => {
    if (at !== null && at !== undefined && at > last) last = at;
  };
  for (const block of turn.blocks) {
    see(block.startedAt);
    see(block.stoppedAt);
  }
  for (const notice of turn.notices ?? []) see(notice.at);
  for (const call of turn.calls) {
    for (const at of [call.queuedAt, call.executingAt, call.runStartedAt, call.completedAt, call.yieldedAt, call.permission?.askedAt, call.permission?.answeredAt]) see(at);
    for (const progress of call.progress) see(progress.at);
    for (const wait of call.waits) see(wait.from);
  }
  return last;
}

/**
 * The latency that keeps a call the Stop or the fallback caught busy until the cut reaches it in
 * the replay, where real work takes no time: past the main turn's cut, or held for a sub-agent
 * (whose cut comes from its parent). An Agent call needs none: its sub-agent's own held calls and
 * stream keep it busy.
 */
function heldLatency(call: CallRecord, role: 'main' | 'sub', close: number, cutAt: number | null): number {
  if (kindOfToolName(call.name) === 'agent') return 0;
  const caught = call.outcome === 'interrupted' || call.outcome === 'discarded';
  if (!caught) return 0;
  if (role === 'sub') return HOLD_MS;
  return cutAt === null ? 0 : Math.max(0, cutAt - close) + CUT_MARGIN_MS;
}

/** A call's input as the scenario takes it: an object, or the raw text when it was not one. */
function toolInput(call: CallRecord | undefined): Record<string, unknown> | string {
  if (!call) return {};
  const input = call.input;
  if (typeof input === 'string') return input;
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) return input as Record<string, unknown>;
  return JSON.stringify(input) ?? '';
}

function describe(meta: RecordingMeta, recordedAt: Date): string {
  const quoted = meta.prompt.split('\n').map((line) => `> ${line}`).join('\n');
  return [
    `Recorded from a live run of \`${meta.model}\` on ${recordedAt.toISOString()}.`,
    `The prompt:\n\n${quoted}`,
    'Replaying it streams the model\'s recorded responses with their timings against the same workspace, and checks that every turn forms the same batches, every call ends with the same outcome and the files end the same. Tool latencies are not copied: in a replay, real tool work takes its own real time again.',
  ].join('\n\n');
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
