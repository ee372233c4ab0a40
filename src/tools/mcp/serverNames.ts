// Apart from the settings' schema, so the page's MCP form checks a name and shows a URL without loading zod.

/**
 * A server name that keeps `mcp__SERVER__TOOL` parseable and usable in permission rules: letters,
 * digits and `-`, with single `_` between them (a `__` would split the name in two).
 */
export const SERVER_NAME_PATTERN = /^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/;

/** A URL with its user, password, query and fragment left out (they may hold credentials). */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/**
 * Whether a server's URL holds a user or a password (`http://user:PASSWORD@host/mcp`): such a URL
 * is refused, since a URL is shown, reported and written in records, and a fetch error quotes it
 * whole, so the credentials would travel with every one of them. They belong in headers.
 */
export function urlHasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

/** `text` with the user and password of any URL in it replaced by `[redacted]` (an error that quotes a URL). */
export function redactUrlCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1[redacted]@');
}
