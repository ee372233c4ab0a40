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
