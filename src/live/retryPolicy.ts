/** How a live source retries a request that failed before its stream began. */
export interface RetryPolicy {
  /** Retries after the first attempt (so `maxRetries + 1` attempts in all). */
  maxRetries: number;
  /** The first retry's delay; each further retry doubles it. */
  baseDelayMs: number;
  /** The longest computed delay. */
  maxDelayMs: number;
  /** The longest wait the API may ask for (`retry-after`); a longer one ends the retries. */
  maxRetryAfterMs: number;
  /** Up to this fraction of a computed delay is taken off at random, so clients do not retry in step. */
  jitter: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 4, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000, jitter: 0.25 };

/** The policy with `overrides` applied, each value checked (a bad one is a programmer's error). */
export function retryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...overrides };
  for (const [key, value] of Object.entries(policy)) {
    if (!Number.isFinite(value) || value < 0) throw new Error(`retry.${key} must be a number of at least 0, not ${String(value)}`);
  }
  if (policy.jitter > 1) throw new Error(`retry.jitter is a fraction from 0 to 1, not ${policy.jitter}`);
  return policy;
}

/**
 * The delay before retry number `retry` (1 for the first): what the API asked for when it did
 * (`retryAfterMs`), else exponential backoff from `baseDelayMs`, capped at `maxDelayMs`, less up to
 * `jitter` of it. `null` when the API asked for a longer wait than the policy allows.
 */
export function retryDelay(policy: RetryPolicy, retry: number, retryAfterMs: number | undefined, random: () => number): number | null {
  if (retryAfterMs !== undefined) return retryAfterMs <= policy.maxRetryAfterMs ? retryAfterMs : null;
  const backoff = Math.min(policy.baseDelayMs * 2 ** (retry - 1), policy.maxDelayMs);
  return Math.round(backoff * (1 - policy.jitter * random()));
}
