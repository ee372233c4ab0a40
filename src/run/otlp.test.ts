import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { BUILT_IN_SCENARIOS } from '../scenarios/library';
import { validateScenario } from '../scenarios/validate';
import { createVirtualClock } from '../time/virtualClock';
import { WAIT_CAUSE_KINDS } from '../tools/orchestration/waitCause';
import { OTLP_DEFAULT_START_MS, toOtlp, type OtlpKeyValue, type OtlpSpan, type OtlpTraces, type OtlpValue } from './otlp';
import type { CallRecord, RunRecord, TurnRecord } from './record';
import { runScenario } from './runScenario';

/**
 * The OTLP protobuf definitions (opentelemetry-proto), compiled by protobufjs, as the
 * OpenTelemetry JavaScript SDK ships them: the decoder the test checks the export against.
 */
interface ProtoMessage {
  verify(object: unknown): string | null;
  fromObject(object: unknown): unknown;
  encode(message: unknown): { finish(): Uint8Array };
  decode(bytes: Uint8Array): unknown;
  toObject(message: unknown, options: Record<string, unknown>): Record<string, unknown>;
}
const proto = createRequire(import.meta.url)('@opentelemetry/otlp-transformer/build/src/generated/root') as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: ProtoMessage } } } } };
};
const Request = proto.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

const ID_FIELDS = new Set(['traceId', 'spanId', 'parentSpanId']);

/** OTLP/JSON differs from protobuf's JSON mapping in one place: ids are hex, not base64. */
function mapIds(value: unknown, convert: (id: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapIds(item, convert));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, ID_FIELDS.has(key) && typeof item === 'string' ? convert(item) : mapIds(item, convert)]));
}
const hexToBase64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');
const base64ToHex = (text: string) => Buffer.from(text, 'base64').toString('hex');

/** Encodes the export as OTLP protobuf and decodes it again, as a collector would read the file. */
function decode(traces: OtlpTraces): OtlpTraces {
  const json = JSON.parse(JSON.stringify(traces)) as unknown;
  const message = Request.fromObject(mapIds(json, hexToBase64));
  expect(Request.verify(message)).toBeNull();
  const bytes = Request.encode(message).finish();
  const decoded = Request.toObject(Request.decode(bytes), { longs: String, enums: Number, bytes: String, defaults: false });
  return mapIds(decoded, base64ToHex) as OtlpTraces;
}

/** Drops what protobuf leaves out as a default (0, "", empty lists and objects), to compare a document with its decoding. */
function prune(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prune);
  if (typeof value !== 'object' || value === null) return value;
  const kept = Object.entries(value)
    .map(([key, item]) => [key, prune(item)] as const)
    .filter(([, item]) => !(item === 0 || item === '' || item === undefined || (Array.isArray(item) && item.length === 0) || (typeof item === 'object' && item !== null && Object.keys(item).length === 0)));
  return Object.fromEntries(kept);
}

const records = new Map<string, RunRecord>();
async function replay(id: string): Promise<RunRecord> {
  const raw = BUILT_IN_SCENARIOS.find((scenario) => (scenario as { id: string }).id === id);
  const checked = validateScenario(raw);
  if (!checked.ok) throw new Error(`built-in ${id} is invalid`);
  const clock = createVirtualClock();
  return clock.runUntil(runScenario({ scenario: checked.scenario, sandbox: createVirtualSandbox({}), strategy: 'streaming', clock }));
}
beforeAll(async () => {
  for (const raw of BUILT_IN_SCENARIOS) {
    const id = (raw as { id: string }).id;
    records.set(id, await replay(id));
  }
});

const spansOf = (traces: OtlpTraces): OtlpSpan[] => traces.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
const attr = (list: readonly OtlpKeyValue[], key: string): OtlpValue | undefined => list.find((entry) => entry.key === key)?.value;
const text = (list: readonly OtlpKeyValue[], key: string): string | undefined => {
  const found = attr(list, key);
  return found && 'stringValue' in found ? found.stringValue : undefined;
};
const strings = (list: readonly OtlpKeyValue[], key: string): string[] => {
  const found = attr(list, key);
  return found && 'arrayValue' in found ? found.arrayValue.values.map((item) => ('stringValue' in item ? item.stringValue : '?')) : [];
};
/** Milliseconds from the run's start, from nanoseconds since the epoch. */
const ms = (nanos: string) => Number(BigInt(nanos) - BigInt(OTLP_DEFAULT_START_MS) * 1_000_000n) / 1e6;

function allCalls(turns: readonly TurnRecord[]): CallRecord[] {
  return turns.flatMap((turn) => turn.calls.flatMap((call) => [call, ...allCalls(call.children ?? [])]));
}

describe('toOtlp', () => {
  it('decodes with the official OTLP protobuf definitions, for every built-in scenario', () => {
    for (const [id, record] of records) {
      const traces = toOtlp(record, { includeContent: true });
      const decoded = decode(traces);
      expect(spansOf(decoded).length, id).toBe(spansOf(traces).length);
      // Nothing is lost or misnamed on the way: a field the definitions do not know would be dropped.
      expect(prune(decoded), id).toEqual(prune(JSON.parse(JSON.stringify(traces))));
    }
  });

  it('round-trips the record’s calls and their times through the decoded file', () => {
    for (const [id, record] of records) {
      const spans = spansOf(decode(toOtlp(record)));
      const tools = spans.filter((span) => text(span.attributes, 'gen_ai.operation.name') === 'execute_tool');
      const calls = allCalls(record.turns);
      expect(tools.map((span) => text(span.attributes, 'gen_ai.tool.call.id')).sort(), id).toEqual(calls.map((call) => call.id).sort());
      for (const call of calls) {
        const span = tools.find((candidate) => text(candidate.attributes, 'gen_ai.tool.call.id') === call.id)!;
        expect(span.name).toBe(`execute_tool ${call.name}`);
        expect(text(span.attributes, 'gen_ai.tool.name')).toBe(call.name);
        expect(ms(span.startTimeUnixNano)).toBeCloseTo(call.queuedAt, 6);
        expect(ms(span.endTimeUnixNano)).toBeCloseTo(call.yieldedAt ?? call.completedAt ?? record.endedAt, 6);
        // Times are whole nanoseconds in the file; the record's may be finer (real work takes real time).
        const at = (name: string) => (span.events ?? []).filter((event) => event.name === name).map((event) => ms(event.timeUnixNano));
        const near = (got: number[], want: (number | null)[]) => {
          const expected = want.filter((value): value is number => value !== null);
          expect(got.length, `${call.id} events`).toBe(expected.length);
          got.forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 5));
        };
        near(at('queued'), [call.queuedAt]);
        near(at('executing'), [call.executingAt]);
        near(at('completed'), [call.completedAt]);
        near(at('yielded'), [call.yieldedAt]);
        near(at('wait'), call.waits.map((wait) => wait.from));
        expect(span.status?.code ?? 0).toBe(call.outcome === 'success' || call.outcome === null ? 0 : 2);
      }
      const root = spans.find((span) => span.parentSpanId === undefined || span.parentSpanId === '')!;
      expect(ms(root.startTimeUnixNano)).toBeCloseTo(record.startedAt, 5);
      expect(ms(root.endTimeUnixNano)).toBeCloseTo(record.endedAt, 5);
    }
  });

  it('puts a wait’s cause kind and blocking calls on its event, for every kind the scenarios show', () => {
    const seen = new Set<string>();
    for (const record of records.values()) {
      // The reason sentence quotes the calls in the way: it travels with the content only.
      const spans = spansOf(toOtlp(record, { includeContent: true }));
      for (const call of allCalls(record.turns)) {
        const span = spans.find((candidate) => text(candidate.attributes, 'gen_ai.tool.call.id') === call.id)!;
        const waits = span.events.filter((event) => event.name === 'wait');
        call.waits.forEach((wait, i) => {
          seen.add(wait.cause.kind);
          expect(text(waits[i]!.attributes, 'tool_playground.wait.cause')).toBe(wait.cause.kind);
          expect(text(waits[i]!.attributes, 'tool_playground.wait.reason')).toBe(wait.reason);
          const blockers = strings(waits[i]!.attributes, 'tool_playground.wait.blockers');
          if (wait.cause.kind === 'unsafe-ahead' || wait.cause.kind === 'unsafe-running') expect(blockers).toEqual(wait.cause.blockers);
          if (wait.cause.kind === 'yield-order') expect(blockers).toEqual([wait.cause.waitingFor]);
        });
      }
    }
    expect([...seen].every((kind) => WAIT_CAUSE_KINDS.includes(kind as never))).toBe(true);
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });

  it('nests a sub-agent under its Agent call, and every parent is a span of the trace', () => {
    const spans = spansOf(toOtlp(records.get('sub-agent')!));
    const ids = new Set(spans.map((span) => span.spanId));
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    for (const span of spans) if (span.parentSpanId !== undefined) expect(ids.has(span.parentSpanId), span.name).toBe(true);
    const subAgents = spans.filter((span) => span.name.startsWith('invoke_agent sub-agent of '));
    expect(subAgents.length).toBeGreaterThan(0);
    for (const agent of subAgents) {
      const parent = spans.find((span) => span.spanId === agent.parentSpanId)!;
      expect(parent.name).toMatch(/^execute_tool (Agent|Task)$/);
      const children = spans.filter((span) => span.parentSpanId === agent.spanId);
      expect(children.length).toBeGreaterThan(0);
      expect(children.every((child) => child.name.startsWith('turn '))).toBe(true);
    }
  });

  it('keeps arguments and results out unless asked, and names the policy and sandbox on the resource', () => {
    const record = records.get('seed-partition')!;
    const plain = toOtlp(record);
    const withContent = toOtlp(record, { includeContent: true });
    const keys = (traces: OtlpTraces) => new Set(spansOf(traces).flatMap((span) => span.attributes.map((entry) => entry.key)));
    expect(keys(plain).has('gen_ai.tool.call.arguments')).toBe(false);
    expect(keys(plain).has('gen_ai.tool.call.result')).toBe(false);
    expect(JSON.stringify(plain)).not.toContain(JSON.stringify(record.turns[0]!.calls[0]!.input).slice(1, -1));
    expect(keys(withContent).has('gen_ai.tool.call.arguments')).toBe(true);
    expect(keys(withContent).has('gen_ai.tool.call.result')).toBe(true);
    const resource = plain.resourceSpans[0]!.resource.attributes;
    expect(text(resource, 'service.name')).toBe('tool-system-playground');
    expect(text(resource, 'tool_playground.sandbox')).toBe('virtual');
    expect(text(resource, 'tool_playground.strategy')).toBe('streaming');
    expect(text(resource, 'tool_playground.policy')).toBe(record.settings.policy);
    expect(attr(resource, 'tool_playground.settings.maxConcurrency')).toEqual({ intValue: String(record.settings.maxConcurrency) });
    expect(text(resource, 'tool_playground.settings.cascade')).toBe(record.settings.cascade);
  });

  it('without --include-content, no command, path or result text travels: not in wait reasons, error statuses, expectation failures or rules', () => {
    const cascade = records.get('bash-cascade')!;
    const failedBash = cascade.turns.flatMap((turn) => turn.calls).find((call) => call.name === 'Bash' && call.outcome === 'error')!;
    const command = (failedBash.input as { command: string }).command;
    const marked: RunRecord = JSON.parse(
      JSON.stringify({
        ...cascade,
        error: 'could not write secrets/key.txt',
        expectations: { passed: false, failures: ['expected Read(secrets/key.txt) to succeed'] },
        settings: { ...cascade.settings, deny: ['Edit(secrets/**)'] },
      }),
    ) as RunRecord;
    const plain = JSON.stringify(toOtlp(marked));
    expect(plain).not.toContain(command);
    expect(plain).not.toContain('secrets/');
    expect(plain).not.toContain(firstLineOf(failedBash.result!.content));
    const withContent = JSON.stringify(toOtlp(marked, { includeContent: true }));
    expect(withContent).toContain(command);
    expect(withContent).toContain('secrets/key.txt');
  });

  it('gives the same file for the same record, and another trace id for another run', () => {
    const record = records.get('seed-partition')!;
    expect(JSON.stringify(toOtlp(record))).toBe(JSON.stringify(toOtlp(JSON.parse(JSON.stringify(record)) as RunRecord)));
    const other = toOtlp(records.get('streaming-speedup')!);
    expect(spansOf(other)[0]!.traceId).not.toBe(spansOf(toOtlp(record))[0]!.traceId);
    const spanIds = spansOf(toOtlp(records.get('sub-agent')!)).map((span) => span.spanId);
    expect(new Set(spanIds).size).toBe(spanIds.length);
    expect(spansOf(toOtlp(record))[0]!.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('writes times from an explicit start, and marks a failed run and a failed stream as errors', () => {
    const record = records.get('streaming-fallback')!;
    const start = Date.UTC(2026, 5, 1, 12);
    const spans = spansOf(toOtlp(record, { startTimeUnixMs: start }));
    expect(spans[0]!.startTimeUnixNano).toBe((BigInt(start) * 1_000_000n + BigInt(Math.round(record.startedAt * 1e6))).toString());
    const fallback = spans.filter((span) => span.name === 'chat' && span.status.code === 2);
    expect(fallback.length).toBe(record.turns.filter((turn) => turn.streamEndReason === 'fallback').length);
    const failedRun: RunRecord = { ...records.get('seed-partition')!, error: 'the sandbox could not start' };
    expect(spansOf(toOtlp(failedRun, { includeContent: true }))[0]!.status).toEqual({ code: 2, message: 'the sandbox could not start' });
    expect(spansOf(toOtlp(failedRun))[0]!.status.code).toBe(2);
  });

  it('matches docs/examples/seed-partition.otlp.json in shape (regenerate: npm run replay -- seed-partition --format otlp --out docs/examples/seed-partition.otlp.json)', () => {
    // A replay's real work takes real time, so two replays differ in their times and so in their ids: compare the rest.
    const shape = (traces: OtlpTraces) => ({
      resource: traces.resourceSpans[0]!.resource.attributes,
      spans: spansOf(traces).map((span) => ({
        name: span.name,
        parent: spansOf(traces).find((other) => other.spanId === span.parentSpanId)?.name ?? null,
        attributes: span.attributes ?? [],
        events: (span.events ?? []).map((event) => [event.name, (event.attributes ?? []).filter((entry) => entry.key !== 'tool_playground.wait.duration_ms')]),
        status: span.status ?? {},
      })),
    });
    const example = JSON.parse(readFileSync(new URL('../../docs/examples/seed-partition.otlp.json', import.meta.url), 'utf8')) as OtlpTraces;
    expect(shape(decode(example))).toEqual(shape(decode(toOtlp(records.get('seed-partition')!))));
  });
});

function firstLineOf(text: string): string {
  return text.split('\n', 1)[0]!.slice(0, 60);
}
