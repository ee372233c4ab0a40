import { causeBlockers, type WaitCause } from '../tools/orchestration/waitCause';
import type { CallRecord, RunRecord, TurnRecord } from './record';

/** One OTLP attribute value (the OTLP/JSON encoding of `AnyValue`; 64-bit integers as strings). */
export type OtlpValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: OtlpValue[] } };

/** One attribute: a key and its value. */
export interface OtlpKeyValue {
  key: string;
  value: OtlpValue;
}

/** An instant in a span's life. */
export interface OtlpEvent {
  timeUnixNano: string;
  name: string;
  attributes: OtlpKeyValue[];
}

/** A span, as OTLP/JSON writes it (ids in hex, times in nanoseconds since the Unix epoch, as strings). */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** 1 internal, 3 client. */
  kind: 1 | 3;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpKeyValue[];
  events: OtlpEvent[];
  /** 0 unset, 2 error. */
  status: { code: 0 | 2; message?: string };
}

/** An OTLP/JSON trace export request: what a collector's `/v1/traces` accepts, and Jaeger's JSON upload. */
export interface OtlpTraces {
  resourceSpans: {
    resource: { attributes: OtlpKeyValue[] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
}

export interface OtlpOptions {
  /**
   * Where the run starts on the wall clock, in Unix milliseconds. The record's times are
   * milliseconds from the run's start; each is added to this. Default: 2025-01-01T00:00:00Z, a fixed
   * instant, so that the same record always exports the same file (0 would read as "no time").
   */
  startTimeUnixMs?: number;
  /** Put each call's arguments and result (and the streamed text) in the trace. Off by default: they may hold secrets. */
  includeContent?: boolean;
}

/** The default `startTimeUnixMs`: 2025-01-01T00:00:00Z. */
export const OTLP_DEFAULT_START_MS = Date.UTC(2025, 0, 1);
const SCOPE = 'tool-system-playground';

/** A call that did not succeed is a span in error; these are its outcomes. */
const FAILED = new Set(['error', 'invalid', 'denied', 'cancelled', 'interrupted', 'discarded']);

function value(v: string | number | boolean | readonly string[]): OtlpValue {
  if (typeof v === 'object') return { arrayValue: { values: v.map((item) => ({ stringValue: item })) } };
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'boolean') return { boolValue: v };
  return Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v };
}

/** Attributes from an object, leaving out `undefined` and `null`. */
function attrs(entries: Record<string, string | number | boolean | readonly string[] | null | undefined>): OtlpKeyValue[] {
  return Object.entries(entries)
    .filter((entry): entry is [string, string | number | boolean | readonly string[]] => entry[1] !== undefined && entry[1] !== null)
    .map(([key, v]) => ({ key, value: value(v) }));
}

/** 64 bits of a string as 16 hex digits (two 32-bit FNV-1a passes with a murmur finaliser), never all zeros. */
export function hash64(text: string): string {
  const half = (seed: number) => {
    let h = seed;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return (h >>> 0).toString(16).padStart(8, '0');
  };
  const hex = half(0x811c9dc5) + half(0x9747b28c);
  return hex === '0000000000000000' ? '0000000000000001' : hex;
}

/**
 * What the run ran under, as resource attributes: the policy (the named scheduling preset), the
 * strategy, the sandbox, and every setting as the run used it (`tool_playground.settings.*`);
 * without `content`, a list or object setting (rules, servers, answers) only as its count.
 */
function resourceAttributes(record: RunRecord, content: boolean): OtlpKeyValue[] {
  const settings: Record<string, string | number | boolean | readonly string[]> = {};
  for (const [key, setting] of Object.entries(record.settings)) {
    // Rules, servers and scripted answers name commands, paths and hosts: content, counted without it.
    if (!content && typeof setting === 'object' && setting !== null) {
      if (Array.isArray(setting)) settings[`tool_playground.settings.${key}.count`] = setting.length;
      continue;
    }
    if (typeof setting === 'string' || typeof setting === 'number' || typeof setting === 'boolean') settings[`tool_playground.settings.${key}`] = setting;
    else if (Array.isArray(setting) && setting.every((item) => typeof item === 'string')) settings[`tool_playground.settings.${key}`] = setting;
    else if (setting !== undefined) settings[`tool_playground.settings.${key}`] = JSON.stringify(setting);
  }
  const policy = record.settings.policy;
  return attrs({
    'service.name': SCOPE,
    'tool_playground.scenario': record.scenario || 'run',
    'tool_playground.policy': typeof policy === 'string' ? policy : undefined,
    'tool_playground.strategy': record.strategy,
    'tool_playground.sandbox': record.sandbox || 'none',
    ...settings,
  });
}

/** The wait's cause as event attributes: its kind, the calls in its way, and the cap or batch it names. */
function waitAttributes(cause: WaitCause): Record<string, string | number | readonly string[]> {
  return {
    'tool_playground.wait.cause': cause.kind,
    'tool_playground.wait.blockers': causeBlockers(cause),
    ...(cause.kind === 'cap' ? { 'tool_playground.wait.cap': cause.cap } : {}),
    ...(cause.kind === 'previous-batch' ? { 'tool_playground.wait.batch': cause.batch } : {}),
  };
}

/**
 * The run as OpenTelemetry traces (OTLP/JSON), after the GenAI semantic conventions: one trace;
 * an `invoke_agent` span for the run (and one per sub-agent, under its Agent call); a span per
 * turn with a `chat` span for its model stream (an event per content block); an
 * `execute_tool {name}` span per call, from queued to yielded, with `gen_ai.tool.name`,
 * `gen_ai.tool.call.id`, its states (queued, executing, completed, yielded) and every wait (its
 * cause kind and the blocking call ids) as events, and a failed outcome as the span's error
 * status. The policy, the strategy, the settings and the sandbox are resource attributes. Ids
 * are hashes of the record, so the same record always gives the same file.
 */
export function toOtlp(record: RunRecord, options: OtlpOptions = {}): OtlpTraces {
  const base = BigInt(Math.round(options.startTimeUnixMs ?? OTLP_DEFAULT_START_MS));
  const nanos = (ms: number): string => (base * 1_000_000n + BigInt(Math.round(ms * 1_000_000))).toString();
  const content = options.includeContent === true;
  const traceId = hash64(`trace:${JSON.stringify(record)}`) + hash64(`trace2:${record.scenario}:${record.strategy}:${record.endedAt}`);
  const spanId = (key: string) => hash64(`${traceId}:${key}`);
  const runEnd = record.endedAt;
  const spans: OtlpSpan[] = [];
  const span = (key: string, parent: string | undefined, name: string, from: number, to: number, fields: Partial<OtlpSpan> = {}): string => {
    const id = spanId(key);
    spans.push({
      traceId,
      spanId: id,
      ...(parent !== undefined ? { parentSpanId: parent } : {}),
      name,
      kind: 1,
      startTimeUnixNano: nanos(from),
      endTimeUnixNano: nanos(Math.max(from, to)),
      attributes: [],
      events: [],
      status: { code: 0 },
      ...fields,
    });
    return id;
  };
  const event = (at: number, name: string, attributes: Record<string, string | number | boolean | readonly string[] | null | undefined> = {}): OtlpEvent => ({
    timeUnixNano: nanos(at),
    name,
    attributes: attrs(attributes),
  });

  const agentSpan = (key: string, parent: string | undefined, agentName: string, turns: readonly TurnRecord[], from: number, to: number, extra: OtlpKeyValue[], events: OtlpEvent[], status: OtlpSpan['status']) => {
    const id = span(key, parent, `invoke_agent ${agentName}`, from, to, {
      attributes: [...attrs({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': agentName }), ...extra],
      events,
      status,
    });
    for (const turn of turns) turnSpans(key, id, turn);
  };

  const turnSpans = (agentKey: string, parent: string, turn: TurnRecord) => {
    const key = `${agentKey}/turn:${turn.index}`;
    const end = turn.endedAt ?? runEnd;
    const turnId = span(key, parent, `turn ${turn.index}`, turn.startedAt, end, {
      attributes: attrs({ 'tool_playground.turn': turn.index, 'tool_playground.turn.calls': turn.calls.length, 'tool_playground.turn.yield_order': turn.yieldOrder }),
      events: (turn.notices ?? []).map((notice) => event(notice.at, `model ${notice.kind}`, { message: notice.message, 'tool_playground.notice.attempt': notice.attempt, 'tool_playground.notice.delay_ms': notice.delayMs })),
    });
    const streamFailed = turn.streamEndReason === 'fallback' || turn.streamEndReason === 'error';
    span(`${key}/stream`, turnId, 'chat', turn.streamStartedAt, turn.streamEndedAt ?? end, {
      kind: 3,
      attributes: attrs({ 'gen_ai.operation.name': 'chat', 'tool_playground.stream.end_reason': turn.streamEndReason ?? 'unfinished' }),
      events: turn.blocks.flatMap((block) => {
        const about = { 'tool_playground.block.index': block.index, 'tool_playground.block.kind': block.kind, 'gen_ai.tool.call.id': block.id, 'gen_ai.tool.name': block.name };
        const text = content && block.text !== undefined ? { 'tool_playground.block.text': block.text } : {};
        return [event(block.startedAt, 'content_block_start', about), ...(block.stoppedAt !== null ? [event(block.stoppedAt, 'content_block_stop', { ...about, ...text })] : [])];
      }),
      status: streamFailed ? { code: 2, message: turn.streamEndMessage ?? `stream ${turn.streamEndReason}` } : { code: 0 },
    });
    for (const call of turn.calls) callSpan(key, turnId, call);
  };

  const callSpan = (turnKey: string, parent: string, call: CallRecord) => {
    const key = `${turnKey}/call:${call.id}`;
    const end = call.yieldedAt ?? call.completedAt ?? runEnd;
    const events: OtlpEvent[] = [event(call.queuedAt, 'queued', { 'tool_playground.batch': call.batch })];
    if (call.executingAt !== null) events.push(event(call.executingAt, 'executing'));
    if (call.runStartedAt !== null && call.runStartedAt !== call.executingAt) events.push(event(call.runStartedAt, 'running'));
    if (call.permission) {
      events.push(event(call.permission.askedAt, 'permission asked', { 'tool_playground.permission.reason': content ? call.permission.reason : undefined }));
      if (call.permission.answeredAt !== null) events.push(event(call.permission.answeredAt, 'permission answered', { 'tool_playground.permission.answer': call.permission.answer }));
    }
    for (const wait of call.waits) {
      // The reason names the calls in the way by their labels (a command, a path): content.
      events.push(event(wait.from, 'wait', { ...waitAttributes(wait.cause), 'tool_playground.wait.reason': content ? wait.reason : undefined, 'tool_playground.wait.duration_ms': wait.to === null ? undefined : wait.to - wait.from }));
    }
    if (content) for (const progress of call.progress) events.push(event(progress.at, 'progress', { 'tool_playground.progress': JSON.stringify(progress.data) }));
    if (call.completedAt !== null) events.push(event(call.completedAt, 'completed', { 'tool_playground.outcome': call.outcome }));
    if (call.yieldedAt !== null) events.push(event(call.yieldedAt, 'yielded'));
    events.sort((a, b) => (BigInt(a.timeUnixNano) < BigInt(b.timeUnixNano) ? -1 : BigInt(a.timeUnixNano) > BigInt(b.timeUnixNano) ? 1 : 0));
    const failed = call.outcome !== null && FAILED.has(call.outcome);
    const id = span(key, parent, `execute_tool ${call.name}`, call.queuedAt, end, {
      attributes: attrs({
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': call.name,
        'gen_ai.tool.call.id': call.id,
        'gen_ai.tool.type': call.name.startsWith('mcp__') ? 'extension' : 'function',
        'tool_playground.outcome': call.outcome ?? 'unfinished',
        'tool_playground.batch': call.batch,
        'tool_playground.concurrency_safe': call.concurrencySafe,
        'tool_playground.latency_ms': call.latencyMs,
        'error.type': failed ? call.outcome : undefined,
        ...(content ? { 'gen_ai.tool.call.arguments': JSON.stringify(call.input), 'gen_ai.tool.call.result': call.result?.content } : {}),
      }),
      events,
      status: failed ? { code: 2, message: content ? firstLine(call.result?.content ?? call.outcome ?? '') : `the call ended ${call.outcome}` } : { code: 0 },
    });
    if (call.children && call.children.length > 0) {
      const from = call.children[0]!.startedAt;
      const to = Math.max(...call.children.map((turn) => turn.endedAt ?? runEnd));
      agentSpan(`${key}/agent`, id, `sub-agent of ${call.id}`, call.children, from, to, [], [], { code: 0 });
    }
  };

  const expectations = record.expectations;
  agentSpan(
    'run',
    undefined,
    record.scenario || 'run',
    record.turns,
    record.startedAt,
    runEnd,
    attrs({
      'tool_playground.expectations.passed': expectations?.passed,
      'tool_playground.expectations.failed': expectations ? expectations.failures.length : undefined,
      // A failure quotes calls and files: content.
      'tool_playground.expectations.failures': content && expectations && expectations.failures.length > 0 ? expectations.failures : undefined,
    }),
    record.permissionModeChanges.map((change) => event(change.at, 'permission mode changed', { 'tool_playground.permission.mode': change.mode, 'gen_ai.tool.call.id': change.by })),
    record.error !== undefined ? { code: 2, message: content ? record.error : 'the run failed (why quotes the run: --include-content adds it)' } : { code: 0 },
  );
  return { resourceSpans: [{ resource: { attributes: resourceAttributes(record, content) }, scopeSpans: [{ scope: { name: SCOPE }, spans }] }] };
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
