import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsBase, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { ModelNotice, ModelSource, SourceItem } from '../model/loop';
import { sleepUnlessAborted, type Clock } from '../time/clock';
import { classifyFailure, exhaustedMessage, streamFailureDetail, type RequestFailure } from './apiErrors';
import { buildRequestBody, type LiveToolSet } from './requestBody';
import { retryDelay, retryPolicy, type RetryPolicy } from './retryPolicy';
import { redactSecret } from './secrets';
import { eventsOfMessage, toStreamEvent } from './streamMapping';

/** The live model: the user's key and the request's fixed parts. */
export interface LiveModelConfig {
  /** The user's API key. It goes to the API and nowhere else: no event, record or message holds it. */
  apiKey: string;
  /** The API's address; the SDK's default (https://api.anthropic.com) when absent. */
  baseURL?: string;
  model: string;
  system?: string;
  /** `max_tokens` of each request. */
  maxTokens?: number;
}

export interface AnthropicSourceOptions {
  config: LiveModelConfig;
  /** The tools to offer, read before every request (ToolSearch discoveries change them between turns). */
  tools: () => LiveToolSet;
  /** Retry delays are slept on it; network waits are tracked on it as real work. */
  clock: Clock;
  /** The `fetch` the SDK uses (tests pass a scripted one). */
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** The jitter's random numbers in [0, 1); `Math.random` by default. */
  random?: () => number;
  /** Each HTTP request's own timeout. */
  requestTimeoutMs?: number;
}

export const DEFAULT_MAX_TOKENS = 8_192;
const DEFAULT_BASE_URL = 'https://api.anthropic.com';
const DEFAULT_REQUEST_TIMEOUT_MS = 600_000;

/** How one streaming attempt ended. */
type Attempt =
  | { kind: 'complete' }
  | { kind: 'aborted' }
  /** Nothing arrived yet: the request may be sent again as it is. */
  | { kind: 'failed-early'; error: unknown }
  /** Part of the response arrived: the streaming fallback takes over. */
  | { kind: 'failed-midway'; message: string };

/**
 * A ModelSource over the Messages API through `@anthropic-ai/sdk`. Each turn sends the
 * conversation with the tools of the moment and streams the response as `StreamEvent`s, so the
 * consumer and the executor run exactly as they do for a replay.
 *
 * Faults: an error before the first event that a retry can cure (429, 529, 5xx, a connection
 * failure, an `overloaded_error` event) is retried with backoff on the clock, each retry announced
 * as a `retry` notice. A stream that fails after it began is a streaming fallback: the
 * source yields `fallback`, and the loop's next request (the same conversation) is made without
 * streaming and replayed as events. Any other error ends the turn with a message for the user; the
 * key never appears in one. An abort of the turn's signal ends the iteration quietly.
 */
export function createAnthropicSource(options: AnthropicSourceOptions): ModelSource {
  const { config, clock } = options;
  if (typeof config.apiKey !== 'string' || config.apiKey.trim() === '') throw new Error('live model: no API key was given; enter your Anthropic API key');
  if (config.model.trim() === '') throw new Error('live model: no model was given; name one, e.g. "claude-sonnet-4-5"');
  const maxTokens = config.maxTokens ?? DEFAULT_MAX_TOKENS;
  if (!Number.isInteger(maxTokens) || maxTokens < 1) throw new Error(`live model: maxTokens must be a whole number of at least 1, not ${maxTokens}`);
  const baseURL = config.baseURL ?? DEFAULT_BASE_URL;
  const policy = retryPolicy(options.retry);
  const random = options.random ?? Math.random;
  const timeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const client = new Anthropic({
    apiKey: config.apiKey,
    baseURL,
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    logLevel: 'off',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const redact = (text: string) => redactSecret(text, config.apiKey);
  /** Set when a stream failed midway: the next request is its retry, without streaming. */
  let fallbackPending = false;

  /** One streaming request, its events passed on as they arrive. */
  async function* streamOnce(body: MessageCreateParamsBase, signal: AbortSignal): AsyncGenerator<SourceItem, Attempt> {
    let stream: AsyncIterable<RawMessageStreamEvent>;
    try {
      stream = await clock.track(client.messages.create({ ...body, stream: true }, { signal, timeout }));
    } catch (error: unknown) {
      return signal.aborted ? { kind: 'aborted' } : { kind: 'failed-early', error };
    }
    const iterator = stream[Symbol.asyncIterator]();
    let started = false;
    let stopped = false;
    try {
      for (;;) {
        let next: IteratorResult<RawMessageStreamEvent>;
        try {
          next = await clock.track(iterator.next());
        } catch (error: unknown) {
          if (signal.aborted) return { kind: 'aborted' };
          if (!started) return { kind: 'failed-early', error };
          return { kind: 'failed-midway', message: `the stream failed after it began (${streamFailureDetail(error)})` };
        }
        if (next.done) break;
        started = true;
        if (next.value.type === 'message_stop') stopped = true;
        const event = toStreamEvent(next.value);
        if (event) yield { kind: 'event', event };
      }
    } finally {
      // Closes the response when the loop stops reading early (Stop, or after a fallback).
      await iterator.return?.();
    }
    if (signal.aborted) return { kind: 'aborted' };
    if (stopped) return { kind: 'complete' };
    if (!started) return { kind: 'failed-early', error: new Error('the response ended before its first event') };
    return { kind: 'failed-midway', message: 'the connection closed before the response was complete (no message_stop)' };
  }

  /**
   * What to do after a failure before anything arrived: sleep and retry (yielding the notice), or
   * end. Returns true to retry; throws the user's message for a fatal or exhausted failure.
   */
  async function* afterEarlyFailure(failure: RequestFailure, retries: number, signal: AbortSignal, prefix: string): AsyncGenerator<SourceItem, boolean> {
    if (failure.kind === 'aborted') return false;
    let message: string;
    if (failure.kind === 'fatal') message = failure.message;
    else if (retries >= policy.maxRetries) message = exhaustedMessage(failure, retries);
    else {
      const retry = retries + 1;
      const delayMs = retryDelay(policy, retry, failure.retryAfterMs, random);
      if (delayMs === null) {
        const asked = Math.round((failure.retryAfterMs ?? 0) / 1000);
        message = `the API asked to wait ${asked} s before a retry (${failure.detail}), longer than the ${Math.round(policy.maxRetryAfterMs / 1000)} s this run waits; run again later`;
      } else {
        const notice: ModelNotice = {
          kind: 'retry',
          attempt: retry,
          delayMs,
          message: redact(`${failure.detail}; retry ${retry} of ${policy.maxRetries} in ${(delayMs / 1000).toFixed(1)} s`),
        };
        yield { kind: 'notice', notice };
        return sleepUnlessAborted(clock, delayMs, signal);
      }
    }
    const text = redact(`${prefix}${message}`);
    yield { kind: 'notice', notice: { kind: 'error', message: text } };
    throw new Error(text);
  }

  async function* streamingTurn(body: MessageCreateParamsBase, signal: AbortSignal): AsyncGenerator<SourceItem> {
    for (let retries = 0; ; retries++) {
      const attempt = yield* streamOnce(body, signal);
      switch (attempt.kind) {
        case 'complete':
        case 'aborted':
          return;
        case 'failed-midway': {
          fallbackPending = true;
          const message = redact(`${attempt.message}; retrying the request without streaming`);
          yield { kind: 'notice', notice: { kind: 'fallback', message } };
          yield { kind: 'fallback', message };
          return;
        }
        case 'failed-early': {
          const failure = classifyFailure(attempt.error, signal, baseURL);
          if (!(yield* afterEarlyFailure(failure, retries, signal, ''))) return;
          break;
        }
        default: {
          const exhaustive: never = attempt;
          return exhaustive;
        }
      }
    }
  }

  /** The streaming fallback's retry: one whole response, replayed as the events of a stream. */
  async function* messageTurn(body: MessageCreateParamsBase, signal: AbortSignal): AsyncGenerator<SourceItem> {
    for (let retries = 0; ; retries++) {
      try {
        const message = await clock.track(client.messages.create({ ...body, stream: false }, { signal, timeout }));
        if (signal.aborted) return;
        for (const event of eventsOfMessage(message)) yield { kind: 'event', event };
        return;
      } catch (error: unknown) {
        const failure = classifyFailure(error, signal, baseURL);
        if (!(yield* afterEarlyFailure(failure, retries, signal, 'the retry without streaming, after the stream failed, failed too: '))) return;
      }
    }
  }

  return {
    openTurn({ messages, signal }) {
      const body = buildRequestBody({ model: config.model, maxTokens, ...(config.system !== undefined ? { system: config.system } : {}) }, messages, options.tools());
      if (fallbackPending) {
        fallbackPending = false;
        return messageTurn(body, signal);
      }
      return streamingTurn(body, signal);
    },
  };
}
