import type { RunEvent } from '../src/tools/events';
import { describeWait, type WaitCause } from '../src/tools/orchestration/waitCause';

/*
 * Hand-written event logs of small runs, as the executor and the agent loop emit them: the
 * fixtures of this folder's tests (and a quick way to look at the exporters' output).
 */

type Queued = Extract<RunEvent, { type: 'call_queued' }>;

/** A `call_queued` event with the usual defaults. */
export function queued(at: number, id: string, name: string, options: Partial<Omit<Queued, 'type' | 'at' | 'id' | 'name'>> = {}): Queued {
  return {
    type: 'call_queued',
    at,
    turn: 0,
    id,
    name,
    input: {},
    concurrencySafe: true,
    batch: 0,
    concurrentBatch: true,
    latencyMs: 0,
    ...options,
  };
}

/** A `call_completed` event with a result of `content` (and, for a tool that ran, `display`). */
export function completed(
  at: number,
  id: string,
  outcome: 'success' | 'error' | 'invalid' | 'denied' | 'cancelled' | 'interrupted',
  content = 'ok',
  display: unknown = null,
): RunEvent {
  return { type: 'call_completed', at, id, outcome, result: { type: 'tool_result', tool_use_id: id, content, is_error: outcome !== 'success' }, display };
}

/** A `call_waiting` event for `cause`, its reason naming calls by `label` (by default their ids). */
export function waiting(at: number, id: string, cause: WaitCause, label: (id: string) => string = (other) => other): RunEvent {
  return { type: 'call_waiting', at, id, cause, reason: describeWait(cause, label) };
}

const bashLabel = (id: string) => (id === 'toolu_bash' ? 'Bash(ls src)' : id);

const start: RunEvent[] = [{ type: 'run_started', at: 0, scenario: 'sample', sandbox: 'virtual', strategy: 'streaming', settings: { maxConcurrency: 10 } }];

/**
 * The seed's example: `[Read a, Read b, Bash ls, Read c]` → batches `[[a, b], [bash], [c]]`. The
 * Bash call waits for the reads and asks permission; Read c waits for Bash; then a text turn.
 */
export function seedRun(): RunEvent[] {
  return [
    ...start,
    { type: 'turn_started', at: 0, turn: 0 },
    { type: 'block_started', at: 0, turn: 0, index: 0, kind: 'text' },
    { type: 'block_delta', at: 100, turn: 0, index: 0, text: 'Let me ' },
    { type: 'block_delta', at: 200, turn: 0, index: 0, text: 'look.' },
    { type: 'block_stopped', at: 300, turn: 0, index: 0 },
    { type: 'block_started', at: 300, turn: 0, index: 1, kind: 'tool_use', id: 'toolu_a', name: 'Read' },
    { type: 'block_stopped', at: 500, turn: 0, index: 1 },
    queued(500, 'toolu_a', 'Read', { input: { file_path: 'src/a.ts' }, latencyMs: 800 }),
    { type: 'call_started', at: 500, id: 'toolu_a' },
    { type: 'block_started', at: 500, turn: 0, index: 2, kind: 'tool_use', id: 'toolu_b', name: 'Read' },
    { type: 'block_stopped', at: 700, turn: 0, index: 2 },
    queued(700, 'toolu_b', 'Read', { input: { file_path: 'src/b.ts' }, latencyMs: 800 }),
    { type: 'call_started', at: 700, id: 'toolu_b' },
    { type: 'block_started', at: 700, turn: 0, index: 3, kind: 'tool_use', id: 'toolu_bash', name: 'Bash' },
    { type: 'block_stopped', at: 900, turn: 0, index: 3 },
    queued(900, 'toolu_bash', 'Bash', { input: { command: 'ls src' }, concurrencySafe: false, batch: 1, concurrentBatch: false, latencyMs: 300 }),
    waiting(900, 'toolu_bash', { kind: 'runs-alone', executing: ['toolu_a', 'toolu_b'] }),
    { type: 'block_started', at: 900, turn: 0, index: 4, kind: 'tool_use', id: 'toolu_c', name: 'Read' },
    { type: 'block_stopped', at: 1100, turn: 0, index: 4 },
    queued(1100, 'toolu_c', 'Read', { input: { file_path: 'src/c.ts' }, batch: 2, latencyMs: 400 }),
    waiting(1100, 'toolu_c', { kind: 'unsafe-ahead', blockers: ['toolu_bash'] }, bashLabel),
    { type: 'stream_ended', at: 1100, turn: 0, reason: 'end' },
    { type: 'call_running', at: 1300, id: 'toolu_a' },
    completed(1300, 'toolu_a', 'success', 'export const a = 1;'),
    { type: 'call_yielded', at: 1300, id: 'toolu_a' },
    waiting(1300, 'toolu_bash', { kind: 'runs-alone', executing: ['toolu_b'] }),
    { type: 'call_running', at: 1500, id: 'toolu_b' },
    completed(1500, 'toolu_b', 'success', 'export const b = 2;'),
    { type: 'call_yielded', at: 1500, id: 'toolu_b' },
    { type: 'call_started', at: 1500, id: 'toolu_bash' },
    { type: 'permission_asked', at: 1500, id: 'toolu_bash', reason: 'Bash is not read-only' },
    { type: 'permission_answered', at: 1550, id: 'toolu_bash', answer: 'allow' },
    waiting(1500, 'toolu_c', { kind: 'unsafe-running', blockers: ['toolu_bash'] }, bashLabel),
    { type: 'call_running', at: 1850, id: 'toolu_bash' },
    { type: 'call_progress', at: 1900, id: 'toolu_bash', data: 'a.ts' },
    { type: 'call_progress', at: 1950, id: 'toolu_bash', data: 'b.ts' },
    completed(2000, 'toolu_bash', 'success', 'a.ts\nb.ts\nc.ts'),
    { type: 'call_yielded', at: 2000, id: 'toolu_bash' },
    { type: 'call_started', at: 2000, id: 'toolu_c' },
    { type: 'call_running', at: 2400, id: 'toolu_c' },
    completed(2400, 'toolu_c', 'success', 'export const c = 3;'),
    { type: 'call_yielded', at: 2400, id: 'toolu_c' },
    { type: 'turn_ended', at: 2400, turn: 0 },
    { type: 'turn_started', at: 2400, turn: 1 },
    { type: 'block_started', at: 2400, turn: 1, index: 0, kind: 'text' },
    { type: 'block_delta', at: 2500, turn: 1, index: 0, text: 'Three modules.' },
    { type: 'block_stopped', at: 2600, turn: 1, index: 0 },
    { type: 'stream_ended', at: 2600, turn: 1, reason: 'end' },
    { type: 'turn_ended', at: 2600, turn: 1 },
    { type: 'run_ended', at: 2600, files: { 'src/a.ts': 'export const a = 1;\n' } },
  ];
}

/**
 * A streaming fallback at 900 ms. Read x is still running; Read z finished at 400 ms but waits to
 * be yielded behind x; Bash y is queued. All three are discarded: y and z at once (z keeps when
 * it finished), x when its abort lands. The retried turn brings a new call.
 */
export function fallbackRun(): RunEvent[] {
  return [
    ...start,
    { type: 'turn_started', at: 0, turn: 0 },
    queued(100, 'toolu_x', 'Read', { latencyMs: 1000 }),
    { type: 'call_started', at: 100, id: 'toolu_x' },
    queued(200, 'toolu_z', 'Read'),
    { type: 'call_started', at: 200, id: 'toolu_z' },
    { type: 'call_running', at: 200, id: 'toolu_z' },
    queued(300, 'toolu_y', 'Bash', { concurrencySafe: false, batch: 1, concurrentBatch: false }),
    waiting(300, 'toolu_y', { kind: 'runs-alone', executing: ['toolu_x'] }),
    completed(400, 'toolu_z', 'success', 'export const z = 1;'),
    { type: 'stream_ended', at: 900, turn: 0, reason: 'fallback', message: 'the stream failed at 900 ms' },
    { type: 'call_completed', at: 900, id: 'toolu_z', outcome: 'discarded', result: null, display: null },
    { type: 'call_completed', at: 900, id: 'toolu_y', outcome: 'discarded', result: null, display: null },
    { type: 'call_completed', at: 950, id: 'toolu_x', outcome: 'discarded', result: null, display: null },
    { type: 'turn_ended', at: 950, turn: 0 },
    { type: 'turn_started', at: 950, turn: 1 },
    queued(1000, 'toolu_x2', 'Read', { turn: 1 }),
    { type: 'call_started', at: 1000, id: 'toolu_x2' },
    { type: 'call_running', at: 1000, id: 'toolu_x2' },
    completed(1300, 'toolu_x2', 'success', 'export const x = 1;'),
    { type: 'call_yielded', at: 1300, id: 'toolu_x2' },
    { type: 'stream_ended', at: 1300, turn: 1, reason: 'end' },
    { type: 'turn_ended', at: 1300, turn: 1 },
    { type: 'run_ended', at: 1300, files: {} },
  ];
}

/** The main agent calls Agent; the sub-agent (events tagged `agent`) reads a file; then Agent ends. */
export function subAgentRun(): RunEvent[] {
  const agent = 'toolu_agent';
  return [
    ...start,
    { type: 'turn_started', at: 0, turn: 0 },
    queued(0, agent, 'Agent', { concurrencySafe: false, concurrentBatch: false, input: { prompt: 'find a' } }),
    { type: 'call_started', at: 0, id: agent },
    { type: 'call_running', at: 10, id: agent },
    { type: 'turn_started', at: 10, turn: 0, agent },
    { type: 'block_started', at: 10, turn: 0, index: 0, kind: 'tool_use', id: 'toolu_sub_read', name: 'Read', agent },
    { type: 'block_stopped', at: 20, turn: 0, index: 0, agent },
    queued(20, 'toolu_sub_read', 'Read', { agent }),
    { type: 'call_started', at: 20, id: 'toolu_sub_read' },
    { type: 'call_running', at: 20, id: 'toolu_sub_read' },
    completed(60, 'toolu_sub_read', 'success', 'export const a = 1;'),
    { type: 'call_yielded', at: 60, id: 'toolu_sub_read' },
    { type: 'stream_ended', at: 60, turn: 0, reason: 'end', agent },
    { type: 'turn_ended', at: 60, turn: 0, agent },
    { type: 'turn_started', at: 60, turn: 1, agent },
    { type: 'stream_ended', at: 80, turn: 1, reason: 'end', agent },
    { type: 'turn_ended', at: 80, turn: 1, agent },
    completed(90, agent, 'success', 'a is 1'),
    { type: 'call_yielded', at: 90, id: agent },
    { type: 'stream_ended', at: 90, turn: 0, reason: 'end' },
    { type: 'turn_ended', at: 100, turn: 0 },
    { type: 'run_ended', at: 100, files: {} },
  ];
}
