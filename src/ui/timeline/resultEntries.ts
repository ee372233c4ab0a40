import type { CallRecord, TurnRecord } from '../../run/record';
import { callDisplay } from '../../tools/toolOutputs';
import type { AnyTool, RenderDescriptor } from '../../tools/types';
import { callState } from './laneLayout';
import { safeJson, truncate } from './callText';

/*
 * What the result list shows, as data: each turn's calls in yield order (then the ones never
 * yielded), runs of a concurrent batch grouped, and each call drawn through its tool's renderers:
 * `use` for the heading, `progress` while it runs, `result` fed the call's display value (the
 * tool's own output) when the tool ran, `rejected` for a denial, `error` for every other failure.
 */

/** One row of a turn's result list: a call, or a run of calls from one concurrent batch. */
export type ResultEntry =
  | { readonly kind: 'call'; readonly call: CallRecord; readonly yielded: boolean }
  | { readonly kind: 'group'; readonly batch: number; readonly calls: readonly CallRecord[] };

/**
 * The turn's calls in the order their results were handed back, then those never yielded (a
 * discarded call, or one still under way) in arrival order. Consecutive yielded calls of one
 * concurrent batch of two or more become a group.
 */
export function resultEntries(turn: TurnRecord): ResultEntry[] {
  const byId = new Map(turn.calls.map((call) => [call.id, call]));
  const concurrent = new Set(turn.batches.filter((batch) => batch.concurrent && batch.toolUseIds.length >= 2).map((batch) => batch.index));
  const seen = new Set<string>();
  const entries: ResultEntry[] = [];
  let run: CallRecord[] = [];
  const flush = () => {
    if (run.length >= 2) entries.push({ kind: 'group', batch: run[0]!.batch, calls: run });
    else for (const call of run) entries.push({ kind: 'call', call, yielded: true });
    run = [];
  };
  for (const id of turn.yieldOrder) {
    const call = byId.get(id);
    if (!call || seen.has(id)) continue;
    seen.add(id);
    if (run.length > 0 && (run[0]!.batch !== call.batch || !concurrent.has(call.batch))) flush();
    run.push(call);
    if (!concurrent.has(call.batch)) flush();
  }
  flush();
  for (const call of turn.calls) if (!seen.has(call.id)) entries.push({ kind: 'call', call, yielded: false });
  return entries;
}

/** The input as the tool's schema reads it, or the raw input when it does not parse. */
function parsedInput(tool: AnyTool, input: unknown): { ok: boolean; value: unknown } {
  try {
    const parsed = tool.inputSchema.safeParse(input);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, value: input };
  } catch {
    return { ok: false, value: input };
  }
}

/** A renderer's descriptor, or `fallback` when the renderer throws or returns nothing usable. */
function attempt(render: () => RenderDescriptor, fallback: RenderDescriptor): RenderDescriptor {
  try {
    const descriptor = render();
    return descriptor && typeof descriptor.title === 'string' ? descriptor : fallback;
  } catch {
    return fallback;
  }
}

/** A call's heading and body. */
export interface CallView {
  readonly heading: RenderDescriptor;
  readonly body: RenderDescriptor;
}

/** The heading of a result the call did not produce by running to its end. */
const HAPPENED: Record<'denied' | 'invalid' | 'cancelled' | 'interrupted', string> = {
  denied: 'Not allowed: the permission check said no',
  invalid: 'Refused: the input does not fit the tool’s schema',
  cancelled: 'Cancelled: a sibling call failed',
  interrupted: 'Stopped: the turn was interrupted before it finished',
};

/** Why the pipeline refused a call before it ran, read from the refusal it wrote. */
export function refusal(content: string): string {
  if (/No such tool available/.test(content)) return 'Refused: there is no tool of that name in the pool';
  if (/deferred tool whose schema has not been loaded/.test(content)) return 'Refused: the tool is deferred, and ToolSearch has not loaded it yet';
  if (/InputValidationError/.test(content)) return HAPPENED.invalid;
  return 'Refused: the tool’s own check of its input said no';
}

const UNFINISHED: Record<string, string> = { queued: 'queued…', executing: 'executing…', completed: 'completed, awaiting its yield', yielded: 'yielded' };

/** The heading (`render.use`) and body of a call's result through its tool (or plain text). */
export function callView(call: CallRecord, tool: AnyTool | undefined): CallView {
  const input = tool ? parsedInput(tool, call.input) : { ok: false, value: call.input };
  const plainHeading: RenderDescriptor = { title: call.name, summary: truncate(typeof call.input === 'string' ? call.input : safeJson(call.input), 160) };
  const heading = tool && input.ok ? attempt(() => tool.render.use(input.value), plainHeading) : plainHeading;
  const content = call.result?.content ?? '';
  // Only a tool's own output goes to its view: a recorded call's display is the log's text, which
  // the tool's view would read wrong, and a throw has its message.
  const shown = callDisplay(call.name, call.display);
  const body = ((): RenderDescriptor => {
    switch (call.outcome) {
      case null: {
        const latest = call.progress.at(-1);
        if (latest && tool && input.ok) {
          return attempt(() => tool.render.progress(latest.data, input.value), { title: 'progress', summary: safeJson(latest.data), tone: 'muted' });
        }
        const text = call.completedAt !== null ? UNFINISHED.completed! : UNFINISHED[callState(call)]!;
        return { title: text, tone: 'muted' };
      }
      case 'success':
      case 'error': {
        const fallback: RenderDescriptor =
          call.outcome === 'success'
            ? { title: 'result', body: content, format: 'code', tone: 'success' }
            : { title: `${call.name} failed`, body: content, format: 'text', tone: 'error' };
        // The tool's own view of its output (a failed command's exit code and output, too).
        if (shown.kind === 'output' && tool && input.ok) return attempt(() => tool.render.result(shown.output, input.value), fallback);
        if (call.outcome === 'error' && tool) return attempt(() => tool.render.error(input.value, shown.kind === 'thrown' ? shown.message : content), fallback);
        return fallback;
      }
      case 'denied': {
        const fallback: RenderDescriptor = { title: HAPPENED.denied, summary: content, tone: 'warning' };
        return { ...(tool ? attempt(() => tool.render.rejected(input.value, content), fallback) : fallback), title: HAPPENED.denied };
      }
      case 'invalid':
      case 'cancelled':
      case 'interrupted': {
        // Headed by what happened to the call, not by "failed": it may never have run at all.
        const title = call.outcome === 'invalid' ? refusal(content) : HAPPENED[call.outcome];
        const fallback: RenderDescriptor = { title, body: content, format: 'text', tone: call.outcome === 'invalid' ? 'error' : 'warning' };
        return { ...(tool ? attempt(() => tool.render.error(input.value, content), fallback) : fallback), title, ...(call.outcome === 'invalid' ? {} : { tone: 'warning' as const }) };
      }
      case 'discarded':
        return { title: 'discarded', summary: 'the response fell back, so this result was dropped and never sent', tone: 'muted' };
      default: {
        const _exhaustive: never = call.outcome;
        return _exhaustive;
      }
    }
  })();
  return { heading, body };
}

/** The header of a concurrent group: the tool's `render.grouped`, or a plain line for mixed tools. */
export function groupView(calls: readonly CallRecord[], findTool: (name: string) => AnyTool | undefined): RenderDescriptor {
  const names = [...new Set(calls.map((call) => call.name))];
  const fallback: RenderDescriptor = { title: `${calls.length} calls in parallel`, summary: names.join(', ') };
  const tool = names.length === 1 ? findTool(names[0]!) : undefined;
  if (!tool) return fallback;
  const uses = calls.map((call) => ({ toolUseId: call.id, input: parsedInput(tool, call.input).value }));
  return attempt(() => tool.render.grouped(uses), fallback);
}
