import { toolResultViolations } from './conversationCheck';
import { encodeEvent, errorBody, messageJson, type ScriptedReply, type WireEvent } from './wire';

/** A request a fake received. Credentials are never kept: their headers read `[present]`. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The parsed JSON body (`null` when it was not JSON). */
  body: unknown;
  /** Whether the request asked for a stream (`"stream": true`). */
  stream: boolean;
}

/** The replies to the Messages API requests in order, or a function choosing each. */
export type Script = readonly ScriptedReply[] | ((request: RecordedRequest, index: number) => ScriptedReply | undefined);

export interface ScriptedApiOptions {
  script: Script;
  /** When set, a request with another key is refused with a 401, as the API refuses it. */
  apiKey?: string;
}

/** A request as read off the wire. */
export interface IncomingApiRequest {
  method: string;
  /** The path and query (or a whole URL). */
  url: string;
  headers: Headers;
  body: string;
}

const CREDENTIAL_HEADERS = ['x-api-key', 'authorization'];

/**
 * A scripted Messages API behind `POST /v1/messages`: each request gets the next scripted reply (a
 * stream of events, a whole message or an error), after the checks the real API makes: the body
 * is JSON, the key is right (when one is set), and every `tool_use` has exactly one `tool_result`
 * in the next message. A request that breaks the last rule is a violation: it is collected and
 * answered with a 400 naming it, as the API answers it. The fetch fake and the loopback server
 * both answer through this.
 */
export class ScriptedMessagesApi {
  readonly requests: RecordedRequest[] = [];
  readonly violations: string[] = [];
  private count = 0;

  constructor(private readonly options: ScriptedApiOptions) {}

  /** Answers one request; `signal` aborts a stream being sent (the client went away). */
  async answer(request: IncomingApiRequest, signal?: AbortSignal): Promise<Response> {
    const path = new URL(request.url, 'http://fake.invalid').pathname;
    let body: unknown = null;
    try {
      body = request.body === '' ? null : (JSON.parse(request.body) as unknown);
    } catch {
      // Recorded as null and refused below.
    }
    const recorded: RecordedRequest = {
      method: request.method,
      path,
      headers: recordedHeaders(request.headers),
      body,
      stream: typeof body === 'object' && body !== null && (body as { stream?: unknown }).stream === true,
    };
    if (request.method !== 'POST' || path !== '/v1/messages') {
      return jsonResponse(404, errorBody('not_found_error', `${request.method} ${path}: the fake Messages API answers POST /v1/messages only`));
    }
    this.requests.push(recorded);
    const number = this.count++;
    const where = `request ${number + 1}`;
    if (this.options.apiKey !== undefined && keyOf(request.headers) !== this.options.apiKey) {
      return jsonResponse(401, errorBody('authentication_error', 'invalid x-api-key'));
    }
    if (body === null) return this.refuse(`${where}: the body is not JSON`);
    const broken = toolResultViolations(body);
    if (broken.length > 0) return this.refuse(...broken.map((violation) => `${where}: ${violation}`));

    const script = this.options.script;
    const reply = typeof script === 'function' ? script(recorded, number) : script[number];
    if (!reply) return this.refuse(`${where}: the script has no reply for it (it scripts ${typeof script === 'function' ? 'replies by function' : `${script.length} request(s)`})`);
    switch (reply.kind) {
      case 'error':
        return jsonResponse(reply.status, errorBody(reply.errorType, reply.message), reply.headers);
      case 'message':
        if (recorded.stream) return this.refuse(`${where}: the script answers it with a whole message, but it asked for a stream`);
        return jsonResponse(200, messageJson(reply.message));
      case 'stream':
        if (!recorded.stream) return this.refuse(`${where}: the script answers it with a stream, but it asked for a whole message ("stream": false)`);
        return new Response(eventStream(reply.events, reply.reset === true, signal), {
          status: 200,
          headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'request-id': 'req_scripted', ...reply.headers },
        });
      default: {
        const exhaustive: never = reply;
        return exhaustive;
      }
    }
  }

  private refuse(...violations: string[]): Response {
    this.violations.push(...violations);
    return jsonResponse(400, errorBody('invalid_request_error', violations.join('; ')));
  }
}

/**
 * A `fetch` that answers through a {@link ScriptedMessagesApi}, for the SDK's `fetch` option: the
 * SDK's real request, response parsing, SSE decoding and error classes all run.
 */
export function scriptedFetch(options: ScriptedApiOptions): { fetch: typeof fetch; api: ScriptedMessagesApi; requests: RecordedRequest[]; violations: string[] } {
  const api = new ScriptedMessagesApi(options);
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw abortError();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? init.body : '';
    return api.answer({ method: (init?.method ?? 'GET').toUpperCase(), url, headers: new Headers(init?.headers), body }, signal);
  };
  return { fetch: fake, api, requests: api.requests, violations: api.violations };
}

/** The events as an SSE body, one chunk per event, each after its delay (real time). */
function eventStream(events: readonly WireEvent[], reset: boolean, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (signal?.aborted) return controller.error(abortError());
      const event = events[next++];
      if (!event) {
        if (reset) controller.error(new TypeError('terminated: the connection was reset (scripted)'));
        else controller.close();
        return;
      }
      if (event.delayMs !== undefined && event.delayMs > 0) {
        const waited = await realSleep(event.delayMs, signal);
        if (!waited) return controller.error(abortError());
      }
      controller.enqueue(encoder.encode(encodeEvent(event)));
    },
  });
}

/** Waits `ms` of real time; false when `signal` aborted first. */
function realSleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortError(): Error {
  return new DOMException('This operation was aborted', 'AbortError');
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_scripted', ...headers } });
}

function keyOf(headers: Headers): string | null {
  const key = headers.get('x-api-key');
  if (key !== null) return key;
  const authorization = headers.get('authorization');
  return authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null;
}

function recordedHeaders(headers: Headers): Record<string, string> {
  const recorded: Record<string, string> = {};
  headers.forEach((value, name) => {
    recorded[name.toLowerCase()] = CREDENTIAL_HEADERS.includes(name.toLowerCase()) ? '[present]' : value;
  });
  return recorded;
}
