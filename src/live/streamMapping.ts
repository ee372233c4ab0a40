import type { Message, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { StreamEvent } from '../model/streamEvents';

/**
 * The Messages API's stream events as the project's `StreamEvent`s: the fields the
 * consumer uses, nothing else. Blocks the project does not model (thinking, server tools) and
 * their deltas map to `null`; their `content_block_stop` passes through and the consumer, which
 * never opened that index, ignores it.
 */
export function toStreamEvent(event: RawMessageStreamEvent): StreamEvent | null {
  switch (event.type) {
    case 'message_start':
      return { type: 'message_start', message: { id: event.message.id, role: 'assistant', model: event.message.model } };
    case 'content_block_start': {
      const block = event.content_block;
      if (block.type === 'text') return { type: 'content_block_start', index: event.index, content_block: { type: 'text', text: block.text } };
      if (block.type === 'tool_use') {
        return { type: 'content_block_start', index: event.index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } };
      }
      return null;
    }
    case 'content_block_delta': {
      const delta = event.delta;
      if (delta.type === 'text_delta') return { type: 'content_block_delta', index: event.index, delta: { type: 'text_delta', text: delta.text } };
      if (delta.type === 'input_json_delta') {
        return { type: 'content_block_delta', index: event.index, delta: { type: 'input_json_delta', partial_json: delta.partial_json } };
      }
      return null;
    }
    case 'content_block_stop':
      return { type: 'content_block_stop', index: event.index };
    case 'message_delta':
      return { type: 'message_delta', delta: { stop_reason: event.delta.stop_reason } };
    case 'message_stop':
      return { type: 'message_stop' };
    default:
      return null;
  }
}

/**
 * A whole (non-streaming) response as the events a stream of it would have sent: each text or
 * tool block opens, carries its text or input JSON in one delta, and closes; then the stop. The
 * streaming fallback's retry goes through the same consumer this way.
 */
export function eventsOfMessage(message: Message): StreamEvent[] {
  const events: StreamEvent[] = [{ type: 'message_start', message: { id: message.id, role: 'assistant', model: message.model } }];
  message.content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      if (block.text !== '') events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
      events.push({ type: 'content_block_stop', index });
    } else if (block.type === 'tool_use') {
      events.push({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
      events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input ?? {}) } });
      events.push({ type: 'content_block_stop', index });
    }
  });
  events.push({ type: 'message_delta', delta: { stop_reason: message.stop_reason } }, { type: 'message_stop' });
  return events;
}
