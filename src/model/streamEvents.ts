/**
 * Model stream events in the shape of the Anthropic Messages streaming API, so a replayed
 * scenario and a live model feed the same consumer.
 */
export type ContentBlockStart =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, never> };

export type ContentBlockDelta =
  | { type: 'text_delta'; text: string }
  | { type: 'input_json_delta'; partial_json: string };

/** Why the model stopped; the last three come only from a live model. */
export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'pause_turn' | 'refusal' | 'model_context_window_exceeded';

export type StreamEvent =
  | { type: 'message_start'; message: { id: string; role: 'assistant'; model: string } }
  | { type: 'content_block_start'; index: number; content_block: ContentBlockStart }
  | { type: 'content_block_delta'; index: number; delta: ContentBlockDelta }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason: StopReason | null } }
  | { type: 'message_stop' };

/**
 * A stream event due at `at` ms from the turn's start. `latencyMs` rides on a tool block's
 * `content_block_stop`: it is scenario data (simulated latency), not part of the API's events.
 */
export interface TimedStreamEvent {
  at: number;
  event: StreamEvent;
  latencyMs?: number;
}
