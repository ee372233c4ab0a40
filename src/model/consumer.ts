import type { EventSink } from '../tools/events';
import type { ToolUseBlock } from '../tools/execution';
import { inputDepthProblem } from './deepJson';
import type { StreamEvent } from './streamEvents';

/** An assistant content block as the conversation keeps it. */
export type AssistantBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown };

interface OpenBlock {
  kind: 'text' | 'tool_use';
  id: string;
  name: string;
  text: string;
}

/**
 * Assembles a Messages API stream into blocks. At each tool block's stop it parses the
 * accumulated input JSON (never throwing: broken JSON is passed on as `inputError`) and hands the
 * block on, so replay and live streams share every line after their source.
 */
export class StreamConsumer {
  private readonly open = new Map<number, OpenBlock>();
  /** Closed blocks, in the order they closed. */
  readonly blocks: AssistantBlock[] = [];
  readonly toolUses: ToolUseBlock[] = [];
  stopReason: string | null = null;

  constructor(
    private readonly options: {
      turn: number;
      agent?: string;
      emit: EventSink;
      now: () => number;
      onToolUse: (block: ToolUseBlock, latencyMs: number) => void;
    },
  ) {}

  /** Feeds one event. Events out of protocol (a delta for an unknown block) are ignored with a note. */
  handle(event: StreamEvent, latencyMs = 0): void {
    const { emit, now, turn, agent } = this.options;
    const tag = agent !== undefined ? { agent } : {};
    switch (event.type) {
      case 'message_start':
      case 'message_stop':
        return;
      case 'message_delta':
        this.stopReason = event.delta.stop_reason;
        return;
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type === 'tool_use') {
          this.open.set(event.index, { kind: 'tool_use', id: block.id, name: block.name, text: '' });
          emit({ type: 'block_started', at: now(), turn, index: event.index, kind: 'tool_use', id: block.id, name: block.name, ...tag });
        } else {
          this.open.set(event.index, { kind: 'text', id: '', name: '', text: block.text });
          emit({ type: 'block_started', at: now(), turn, index: event.index, kind: 'text', ...tag });
        }
        return;
      }
      case 'content_block_delta': {
        const open = this.open.get(event.index);
        if (!open) return;
        const piece = event.delta.type === 'text_delta' ? event.delta.text : event.delta.partial_json;
        open.text += piece;
        if (event.delta.type === 'text_delta') emit({ type: 'block_delta', at: now(), turn, index: event.index, text: piece, ...tag });
        return;
      }
      case 'content_block_stop': {
        const open = this.open.get(event.index);
        if (!open) return;
        this.open.delete(event.index);
        emit({ type: 'block_stopped', at: now(), turn, index: event.index, ...tag });
        if (open.kind === 'text') {
          this.blocks.push({ type: 'text', text: open.text });
          return;
        }
        const block = toToolUseBlock(open);
        this.blocks.push({ type: 'tool_use', id: block.id, name: block.name, input: block.inputError !== undefined ? {} : block.input });
        this.toolUses.push(block);
        this.options.onToolUse(block, latencyMs);
        return;
      }
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  }

  /** The text of every closed text block, joined. */
  get text(): string {
    return this.blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
  }
}

function toToolUseBlock(open: OpenBlock): ToolUseBlock {
  const raw = open.text.trim();
  if (raw === '') return { id: open.id, name: open.name, input: {} };
  const tooDeep = inputDepthProblem(raw);
  if (tooDeep !== undefined) return { id: open.id, name: open.name, input: {}, inputError: raw, inputErrorReason: tooDeep };
  try {
    return { id: open.id, name: open.name, input: JSON.parse(raw) as unknown };
  } catch {
    return { id: open.id, name: open.name, input: {}, inputError: raw };
  }
}
