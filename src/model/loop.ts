import { childController, toolUseError } from '../tools/orchestration/abort';
import type { Schedule } from '../tools/orchestration/schedule';
import { createScheduler } from '../tools/orchestration/StreamingToolExecutor';
import type { SessionEnvironment, ToolResultBlock, ToolUseBlock } from '../tools/execution';
import type { EventSink } from '../tools/events';
import { StreamConsumer, type AssistantBlock } from './consumer';
import type { StreamEvent } from './streamEvents';

/** One message of the conversation the loop keeps (the Messages API's shape). */
export type ConversationMessage =
  | { role: 'user'; content: string | ToolResultBlock[] }
  | { role: 'assistant'; content: AssistantBlock[] };

/** A model source's word about its request, passed on to the run as a `model_notice` event. */
export type ModelNotice =
  /** A retriable error before the stream began: the request is sent again after `delayMs`. */
  | { kind: 'retry'; attempt: number; delayMs: number; message: string }
  /** The stream failed midway (a `fallback` item follows), or the request failed for good (the turn ends). */
  | { kind: 'fallback' | 'error'; message: string };

/** What a model source streams for one turn. */
export type SourceItem =
  | { kind: 'event'; event: StreamEvent; latencyMs?: number }
  /** Something the user should know about the request (a retry, a fallback, an error); the stream goes on. */
  | { kind: 'notice'; notice: ModelNotice }
  /** The stream failed and will be retried: the next turn is the retry (the scheduler discards its calls). */
  | { kind: 'fallback'; message: string }
  /** The user pressed Stop (scripted by `interruptAt`, or the page's Stop button). */
  | { kind: 'interrupt' };

/** A model: a scenario replay or a live API. */
export interface ModelSource {
  /** Turn `index`'s stream, or `null` when the source has no more turns. */
  openTurn(request: { index: number; messages: readonly ConversationMessage[]; signal: AbortSignal }): AsyncIterable<SourceItem> | null;
  /**
   * A script goes on after a response that asks for no tool, or one the user stopped: its next
   * response is the model's answer to the user's next message (a recorded session does that). A
   * live model is asked again only for tool results.
   */
  readonly scripted?: boolean;
}

export interface LoopOptions {
  source: ModelSource;
  env: SessionEnvironment;
  /** The run's resolved schedule (the same for its sub-agents). */
  schedule: Schedule;
  isConcurrencySafe: (block: ToolUseBlock) => boolean;
  /** Which calls only read (a cascade may spare their errors). */
  isReadOnly?: (block: ToolUseBlock) => boolean;
  emit: EventSink;
  now: () => number;
  /** Aborting it is the user's interrupt of the whole run. */
  signal: AbortSignal;
  /** Set for a sub-agent: the Agent call its events belong to. */
  agent?: string;
  /** The first user message. */
  prompt?: string;
  maxTurns?: number;
}

export interface LoopResult {
  messages: ConversationMessage[];
  /** The last assistant text (a sub-agent's answer). */
  finalText: string;
  interrupted: boolean;
  turns: number;
}

const MISSING_RESULT = 'Tool result missing due to an internal error';

/**
 * The agent loop: stream a turn, feed each closed tool block to the scheduler of the
 * strategy, send every result back as the next user message, and go on until the model stops
 * asking for tools, the user interrupts, or the turns run out.
 */
export async function runAgentLoop(options: LoopOptions): Promise<LoopResult> {
  const { source, emit, now, agent, schedule } = options;
  const tag = agent !== undefined ? { agent } : {};
  const messages: ConversationMessage[] = options.prompt !== undefined ? [{ role: 'user', content: options.prompt }] : [];
  let finalText = '';
  let interrupted = false;
  let index = 0;
  const maxTurns = options.maxTurns ?? Infinity;

  while (index < maxTurns && !options.signal.aborted) {
    const turnLink = childController(options.signal);
    const stream = source.openTurn({ index, messages, signal: turnLink.signal });
    if (!stream) {
      turnLink.detach();
      break;
    }
    const turn = index++;
    emit({ type: 'turn_started', at: now(), turn, ...tag });
    const toolUseIds: string[] = [];
    const schedulerOptions = {
      env: options.env,
      turn,
      resultOrder: schedule.resultOrder,
      emit,
      now,
      parentMessage: { turn, toolUseIds },
      turnSignal: turnLink.signal,
      maxConcurrency: schedule.cap ?? Infinity,
      isConcurrencySafe: options.isConcurrencySafe,
      ...(options.isReadOnly ? { isReadOnly: options.isReadOnly } : {}),
      ...tag,
    };
    const scheduler = createScheduler({ ...schedulerOptions, timing: schedule.timing, grouping: schedule.grouping, cascade: schedule.cascade });
    const consumer = new StreamConsumer({
      turn,
      emit,
      now,
      ...tag,
      onToolUse: (block, latencyMs) => {
        toolUseIds.push(block.id);
        scheduler.addTool(block, latencyMs);
      },
    });

    let ending: 'end' | 'fallback' | 'interrupt' | 'error' = 'end';
    let message: string | undefined;
    try {
      for await (const item of stream) {
        if (item.kind === 'event') consumer.handle(item.event, item.latencyMs);
        else if (item.kind === 'notice') {
          const { notice } = item;
          const retry = notice.kind === 'retry' ? { attempt: notice.attempt, delayMs: notice.delayMs } : {};
          emit({ type: 'model_notice', at: now(), turn, kind: notice.kind, message: notice.message, ...retry, ...tag });
        } else if (item.kind === 'fallback') {
          ending = 'fallback';
          message = item.message;
          break;
        } else {
          ending = 'interrupt';
          break;
        }
        if (turnLink.signal.aborted) break;
      }
    } catch (error: unknown) {
      ending = turnLink.signal.aborted ? 'interrupt' : 'error';
      message = error instanceof Error ? error.message : String(error);
    }
    if (ending === 'end' && turnLink.signal.aborted) ending = 'interrupt';
    emit({ type: 'stream_ended', at: now(), turn, reason: ending, ...(message !== undefined ? { message } : {}), ...tag });

    if (ending === 'fallback') {
      // The failed response is dropped; the retried response comes as the next turn.
      await scheduler.discard();
      emit({ type: 'turn_ended', at: now(), turn, ...tag });
      turnLink.detach();
      continue;
    }
    if (ending === 'interrupt' || ending === 'error') {
      interrupted = true;
      scheduler.interrupt();
    }

    scheduler.endStream();
    const results: ToolResultBlock[] = [];
    for await (const result of scheduler.results()) results.push(result);
    emit({ type: 'turn_ended', at: now(), turn, ...tag });
    turnLink.detach();

    if (consumer.text !== '') finalText = consumer.text;
    messages.push({ role: 'assistant', content: consumer.blocks });
    if (consumer.toolUses.length > 0) messages.push({ role: 'user', content: repairResults(consumer.toolUses, results) });
    if ((consumer.toolUses.length === 0 || interrupted) && !source.scripted) break;
  }
  return { messages, finalText, interrupted, turns: index };
}

/**
 * The last guard of the first invariant before a request goes out: every `tool_use` of the
 * assistant message gets a result (an error one if, by a bug, none was produced), in block order.
 */
export function repairResults(toolUses: readonly ToolUseBlock[], results: readonly ToolResultBlock[]): ToolResultBlock[] {
  const byId = new Map(results.map((result) => [result.tool_use_id, result]));
  return toolUses.map(
    (use) => byId.get(use.id) ?? { type: 'tool_result', tool_use_id: use.id, content: toolUseError(MISSING_RESULT), is_error: true },
  );
}
