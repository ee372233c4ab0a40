import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/**
 * The most of one HTTP response from an MCP server that is read: a JSON answer or one event
 * stream. Without it, a server streaming without end is bounded only by its timeout, and one
 * answering a gigabyte fills the page's memory before any limit on the result is reached.
 */
export const MAX_MCP_RESPONSE_BYTES = 64 * 1024 * 1024;

/** Why a response was cut off: its size, the bound, and the URL's origin (no path, no credentials). */
export class McpResponseTooLarge extends Error {
  /** How its message starts and what it holds, for finding it in the text the transport passes on. */
  static readonly START = 'the server at ';
  static readonly MARK = 'in one response, the most read of one';

  constructor(maxBytes: number, origin: string) {
    super(`${McpResponseTooLarge.START}${origin} sent more than ${mebibytes(maxBytes)} ${McpResponseTooLarge.MARK}; the rest was not read`);
    this.name = 'McpResponseTooLarge';
  }
}

/** `fetch` whose response bodies end in {@link McpResponseTooLarge} past `maxBytes`, as they arrive. */
export function boundedFetch(inner: FetchLike, maxBytes = MAX_MCP_RESPONSE_BYTES): FetchLike {
  return async (url, init) => {
    const response = await inner(url, init);
    if (!response.body) return response;
    let read = 0;
    const origin = new URL(url).origin;
    const limited = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          read += chunk.byteLength;
          if (read > maxBytes) controller.error(new McpResponseTooLarge(maxBytes, origin));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(limited, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function mebibytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toLocaleString('en-US')} MiB` : `${bytes.toLocaleString('en-US')} bytes`;
}
