/**
 * The Messages API's wire format, for fakes of it: the server-sent events of a streamed response
 * (`event: NAME` / `data: JSON` frames, exactly as the API sends them), the JSON of a whole
 * response, and the API's error bodies. Tests script responses with these and feed them to the
 * real SDK.
 */

/** One server-sent event. `delayMs`: real time to wait before sending it. */
export interface WireEvent {
  event: string;
  data: unknown;
  delayMs?: number;
}

/** A block of a scripted response. `pieces` splits the text or the input JSON into deltas. */
export type ScriptBlock =
  | { type: 'text'; text: string; pieces?: string[] }
  /** `input`: an object, or raw JSON text (which may be broken). */
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> | string; pieces?: string[] };

/** A scripted model response. */
export interface ScriptedMessage {
  id?: string;
  model?: string;
  blocks: ScriptBlock[];
  /** `tool_use` when a block is a tool call, else `end_turn`, unless given. */
  stopReason?: string;
}

/** What a fake answers one request with. */
export type ScriptedReply =
  /** A streamed response; `reset` breaks the connection after the events instead of ending it. */
  | { kind: 'stream'; events: WireEvent[]; reset?: boolean; headers?: Record<string, string> }
  /** A whole response as JSON (for a request with `stream: false`). */
  | { kind: 'message'; message: ScriptedMessage }
  /** An HTTP error with the API's JSON error body. */
  | { kind: 'error'; status: number; errorType: string; message: string; headers?: Record<string, string> };

/** The frame of one event, as it goes over the wire. */
export function encodeEvent(event: WireEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** The JSON `input` text of a tool block. */
function inputText(block: Extract<ScriptBlock, { type: 'tool_use' }>): string {
  return typeof block.input === 'string' ? block.input : JSON.stringify(block.input);
}

/** Splits `text` into about `count` pieces (what a model streams as deltas). */
export function splitPieces(text: string, count = 3): string[] {
  if (text === '') return [];
  const size = Math.max(1, Math.ceil(text.length / count));
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

function stopReasonOf(message: ScriptedMessage): string {
  return message.stopReason ?? (message.blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn');
}

const usage = (input: number, output: number) => ({
  input_tokens: input,
  output_tokens: output,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  service_tier: 'standard',
});

/** The events of one block: start, its deltas, stop; with `gapMs`, each waits that long first. */
export function blockEvents(block: ScriptBlock, index: number, gapMs = 0): WireEvent[] {
  const at = (event: Omit<WireEvent, 'delayMs'>): WireEvent => (gapMs > 0 ? { ...event, delayMs: gapMs } : event);
  if (block.type === 'text') {
    const pieces = block.pieces ?? splitPieces(block.text);
    return [
      at({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } } }),
      ...pieces.map((text) => at({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text } } })),
      at({ event: 'content_block_stop', data: { type: 'content_block_stop', index } }),
    ];
  }
  const pieces = block.pieces ?? splitPieces(inputText(block), 4);
  return [
    at({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } } }),
    ...pieces.map((partial_json) => at({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } } })),
    at({ event: 'content_block_stop', data: { type: 'content_block_stop', index } }),
  ];
}

/** `message_start` (and the `ping` the API sends after it). */
export function startEvents(message: ScriptedMessage): WireEvent[] {
  return [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: message.id ?? 'msg_scripted',
          type: 'message',
          role: 'assistant',
          model: message.model ?? 'claude-scripted',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: usage(120, 1),
        },
      },
    },
    { event: 'ping', data: { type: 'ping' } },
  ];
}

/** `message_delta` with the stop reason, and `message_stop`. */
export function stopEvents(message: ScriptedMessage): WireEvent[] {
  return [
    { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stopReasonOf(message), stop_sequence: null }, usage: { output_tokens: 42 } } },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ];
}

/** A whole streamed response: start, every block, stop. */
export function messageEvents(message: ScriptedMessage, gapMs = 0): WireEvent[] {
  return [...startEvents(message), ...message.blocks.flatMap((block, index) => blockEvents(block, index, gapMs)), ...stopEvents(message)];
}

/** A streamed response as a reply. */
export function streamReply(message: ScriptedMessage, gapMs = 0): ScriptedReply {
  return { kind: 'stream', events: messageEvents(message, gapMs) };
}

/** The SSE `error` event the API sends when a stream fails midway. */
export function errorEvent(errorType: string, message: string): WireEvent {
  return { event: 'error', data: { type: 'error', error: { type: errorType, message } } };
}

/** The API's JSON error body. */
export function errorBody(errorType: string, message: string): unknown {
  return { type: 'error', error: { type: errorType, message }, request_id: 'req_scripted' };
}

/** The JSON body of a whole (non-streaming) response. */
export function messageJson(message: ScriptedMessage): unknown {
  return {
    id: message.id ?? 'msg_scripted',
    type: 'message',
    role: 'assistant',
    model: message.model ?? 'claude-scripted',
    content: message.blocks.map((block) =>
      block.type === 'text'
        ? { type: 'text', text: block.text }
        : { type: 'tool_use', id: block.id, name: block.name, input: typeof block.input === 'string' ? (JSON.parse(block.input) as unknown) : block.input },
    ),
    stop_reason: stopReasonOf(message),
    stop_sequence: null,
    usage: usage(120, 42),
  };
}
