import { AnthropicError, APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';

/** Error types a stream's `error` event may carry that a retry can cure. */
const RETRIABLE_TYPES: readonly string[] = ['overloaded_error', 'api_error', 'rate_limit_error', 'timeout_error'];

const MAX_DETAIL_CHARS = 300;

/** What went wrong with a request, and whether sending it again may help. */
export type RequestFailure =
  | { kind: 'aborted' }
  /** `retryAfterMs`: what the API asked to wait (`retry-after-ms` or `retry-after`). */
  | { kind: 'retriable'; cause: 'rate-limit' | 'overloaded' | 'server' | 'connection'; detail: string; retryAfterMs?: number }
  | { kind: 'fatal'; message: string };

/**
 * Sorts a failed request: the user's abort, an error worth a retry (429, 408/409, 5xx and 529,
 * an `overloaded_error` event, a connection failure), or a fatal one with a message written for
 * the user that names the status and the API's own words. `x-should-retry` overrides the status.
 */
export function classifyFailure(error: unknown, signal: AbortSignal, baseURL: string): RequestFailure {
  if (signal.aborted || error instanceof APIUserAbortError) return { kind: 'aborted' };
  if (error instanceof APIConnectionError) {
    return { kind: 'retriable', cause: 'connection', detail: `could not reach the API at ${baseURL}: ${connectionDetail(error)}` };
  }
  if (isApiError(error)) {
    const detail = apiErrorDetail(error);
    const status = error.status;
    if (status === undefined) {
      // An `error` event inside a 200 stream: only its type says what it was.
      if (error.type !== null && RETRIABLE_TYPES.includes(error.type)) {
        return { kind: 'retriable', cause: error.type === 'rate_limit_error' ? 'rate-limit' : 'overloaded', detail };
      }
      return { kind: 'fatal', message: `the API reported an error (${detail})` };
    }
    const shouldRetry = error.headers?.get('x-should-retry');
    const retriable = shouldRetry === 'true' || (shouldRetry !== 'false' && (status === 408 || status === 409 || status === 429 || status >= 500));
    if (retriable) {
      const retryAfterMs = retryAfter(error.headers);
      const cause = status === 429 ? 'rate-limit' : status === 529 ? 'overloaded' : 'server';
      return { kind: 'retriable', cause, detail, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
    }
    return { kind: 'fatal', message: fatalMessage(status, detail) };
  }
  if (error instanceof AnthropicError) return { kind: 'fatal', message: `the model request could not be made: ${error.message}` };
  // A fetch that failed underneath the SDK (a reset socket, a body that broke off).
  return { kind: 'retriable', cause: 'connection', detail: `the connection to ${baseURL} failed: ${messageOf(error)}` };
}

/** Why retrying stopped, for the user, after `retries` retries of a `retriable` failure. */
export function exhaustedMessage(failure: Extract<RequestFailure, { kind: 'retriable' }>, retries: number): string {
  const after = `after ${retries} ${retries === 1 ? 'retry' : 'retries'}`;
  switch (failure.cause) {
    case 'rate-limit':
      return `the API is still rate-limiting this key ${after} (${failure.detail}); wait a minute and run again`;
    case 'overloaded':
      return `the API is still overloaded ${after} (${failure.detail}); try again later`;
    case 'server':
      return `the API still fails ${after} (${failure.detail})`;
    case 'connection':
      return `${failure.detail} (still failing ${after}); check the network and the base URL`;
    default: {
      const exhaustive: never = failure.cause;
      return exhaustive;
    }
  }
}

/** "401 authentication_error: invalid x-api-key", from the status, the error's type and the API's message. */
export function apiErrorDetail(error: APIError): string {
  const status = error.status !== undefined ? `${error.status} ` : '';
  const type = error.type ?? 'error';
  const text = error.apiMessage ?? stripStatus(error.message, error.status);
  return `${status}${type}: ${clip(text)}`;
}

function fatalMessage(status: number, detail: string): string {
  switch (status) {
    case 400:
      return `the API rejected the request (${detail})`;
    case 401:
      return `the API key was refused (${detail})`;
    case 402:
      return `the API refused the request for billing reasons (${detail})`;
    case 403:
      return `the API key is not allowed to do this (${detail})`;
    case 404:
      return `the API has no such model or endpoint (${detail}); check the model name and the base URL`;
    case 413:
      return `the request is too large for the API (${detail})`;
    default:
      return `the API refused the request (${detail})`;
  }
}

/** The wait the API asked for, in ms: `retry-after-ms`, else `retry-after` in seconds or as a date. */
export function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms) {
    const value = Number.parseFloat(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = headers?.get('retry-after');
  if (after) {
    const seconds = Number.parseFloat(after);
    if (Number.isFinite(seconds) && /^\s*[\d.]+\s*$/.test(after)) return Math.max(0, seconds * 1000);
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  return undefined;
}

/** What a failed stream said, for the fallback's message. */
export function streamFailureDetail(error: unknown): string {
  if (isApiError(error)) return apiErrorDetail(error);
  return messageOf(error);
}

/** The SDK's error classes are generic over `any`; this narrows to the plain `APIError`. */
function isApiError(error: unknown): error is APIError {
  return error instanceof APIError;
}

function connectionDetail(error: APIConnectionError): string {
  const cause = (error as { cause?: unknown }).cause;
  const inner = cause instanceof Error ? (cause as { cause?: unknown }).cause : undefined;
  const parts = [error.message, cause instanceof Error ? cause.message : undefined, inner instanceof Error ? inner.message : undefined];
  const said = parts.flatMap((part) => (part !== undefined && part.trim() !== '' ? [part.trim().replace(/\.$/, '')] : []));
  return clip(said.join(': '));
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return clip(error.message || error.name);
  return clip(String(error));
}

function stripStatus(message: string, status: number | undefined): string {
  return status !== undefined && message.startsWith(`${status} `) ? message.slice(`${status} `.length) : message;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_DETAIL_CHARS ? `${flat.slice(0, MAX_DETAIL_CHARS)}…` : flat;
}
