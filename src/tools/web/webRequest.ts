import type { FetchPort, FetchResponse } from './fetchPort';

/** How long one request may take before it is given up (the call's own signal can end it sooner). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** One GET through a port: the response, or why there was none, in words for the model. */
export type WebRequestResult = { ok: true; response: FetchResponse } | { ok: false; message: string };

/**
 * Sends one request with the call's signal plus a timeout. A network failure comes back as data; the
 * call's own abort is rethrown, so the pipeline reports the interrupt as it does for every tool.
 */
export async function webRequest(
  port: FetchPort,
  url: string,
  options: { signal: AbortSignal; timeoutMs: number; headers?: Record<string, string>; redirect?: 'manual' },
): Promise<WebRequestResult> {
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]);
  try {
    const response = await port.fetch(url, { signal, ...(options.headers ? { headers: options.headers } : {}), ...(options.redirect ? { redirect: options.redirect } : {}) });
    return { ok: true, response };
  } catch (error: unknown) {
    if (options.signal.aborted) throw error;
    return { ok: false, message: describeFetchFailure(error, url, options.timeoutMs) };
  }
}

/** Reads a body that may fail half-way (a reset connection, the timeout) as data, like the request. */
export async function readBody(response: FetchResponse, url: string, signal: AbortSignal, timeoutMs: number): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  try {
    return { ok: true, text: await response.text() };
  } catch (error: unknown) {
    if (signal.aborted) throw error;
    return { ok: false, message: describeFetchFailure(error, url, timeoutMs) };
  }
}

function describeFetchFailure(error: unknown, url: string, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `${url} did not answer within ${timeoutMs / 1000} s, so the request was given up.`;
  }
  if (error instanceof TypeError) {
    // Node's fetch names what it met in `cause` (ECONNREFUSED, ENOTFOUND, a bad port); a browser never does.
    const cause: unknown = error.cause;
    if (cause instanceof Error) {
      const code = 'code' in cause ? `${String(cause.code)} ` : '';
      return `Could not reach ${url}: ${code}(${cause.message}).`;
    }
    // A browser gives no reason at all: a CORS refusal and an unreachable host look the same.
    return (
      `The browser refused or could not reach ${url} (${error.name}: ${error.message}). ` +
      'Most likely the site does not allow cross-origin reads (CORS), so the playground page may not read it; ' +
      'the site may also be down or the address wrong. The command-line replay (npm run replay) runs in Node and has no such limit.'
    );
  }
  return `Fetching ${url} failed: ${error instanceof Error ? error.message : String(error)}`;
}
