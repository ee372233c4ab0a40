/** The part of a `fetch` response the web tools read. */
export interface FetchResponse {
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  /** The final URL, after any redirects fetch followed. */
  url: string;
  /** `opaqueredirect`: a browser's answer to a redirect not followed, which hides where it leads. */
  type?: string;
  text(): Promise<string>;
}

/**
 * The network, as the web tools see it: one `fetch`. The page passes the browser's, the replay
 * Node's; tests pass a fake to act out failures a real server cannot (a browser's CORS refusal).
 */
export interface FetchPort {
  fetch(url: string, init: { signal: AbortSignal; headers?: Record<string, string>; redirect?: 'manual' }): Promise<FetchResponse>;
}

/** {@link FetchPort} over `globalThis.fetch`, looked up per call so a test's stub is seen. */
export const globalFetchPort: FetchPort = {
  fetch: (url, init) => globalThis.fetch(url, init),
};
