import { create } from 'zustand';
import type { McpConnection } from '../../tools/mcp/connection';
import type { McpHost, McpServerReport } from '../../tools/mcp/servers';
import { safeUrl, SERVER_NAME_PATTERN, urlHasCredentials } from '../../tools/mcp/serverNames';
import type { StorageLike } from '../scenarios/storage';

/** Where a remembered token is kept: this tab's sessionStorage, under this prefix and the server's URL. */
export const TOKEN_STORAGE_PREFIX = 'tsp.mcp.token:';

/** A server the person connected from the Tools tab, as data (the connection itself is kept aside). */
export interface PageServer {
  name: string;
  /** The endpoint as given, without credentials or query. */
  url: string;
  state: 'connecting' | 'connected' | 'failed' | 'lost';
  /** Why it failed or was lost. */
  message?: string;
  /** Once connected: what the server said it is, and its tools with their safety (and any the page refuses). */
  report?: McpServerReport;
  /** Whether a bearer token was sent (never the token). */
  withToken: boolean;
}

/** The page's MCP servers. Runs borrow their connections; nothing here holds a token. */
export const usePageServers = create<{ servers: PageServer[] }>(() => ({ servers: [] }));

/** The live connections, by server name: not data, so not in the store. */
const connections = new Map<string, McpConnection>();

function update(name: string, change: Partial<PageServer> | null): void {
  usePageServers.setState((state) => ({
    servers: change === null ? state.servers.filter((server) => server.name !== name) : state.servers.map((server) => (server.name === name ? { ...server, ...change } : server)),
  }));
}

/**
 * This page's origin; `"null"` (an opaque origin) where there is no location, as when the page's
 * controller runs under Node: the page's host is a hosted one either way.
 */
function pageOrigin(): string {
  return typeof location === 'undefined' ? 'null' : location.origin;
}

/** This tab's sessionStorage, or none where the browser refuses it. */
function tabStorage(): StorageLike | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The token remembered for `url` in this tab, or `''`. */
export function rememberedToken(url: string): string {
  try {
    return tabStorage()?.getItem(TOKEN_STORAGE_PREFIX + safeUrl(url.trim())) ?? '';
  } catch {
    return '';
  }
}

function rememberToken(url: string, token: string, remember: boolean): void {
  try {
    const key = TOKEN_STORAGE_PREFIX + safeUrl(url);
    if (remember && token !== '') tabStorage()?.setItem(key, token);
    else tabStorage()?.removeItem(key);
  } catch {
    // sessionStorage may be off or full: the token still works from memory for this page.
  }
}

/** What the connect form gives. The token goes to the server's transport and nowhere else (unless remembered for the tab). */
export interface ConnectRequest {
  name: string;
  url: string;
  token: string;
  remember: boolean;
}

/** Why the form's values cannot be connected, or `null`. */
export function whyNotConnectable(request: Pick<ConnectRequest, 'name' | 'url'>): string | null {
  if (!SERVER_NAME_PATTERN.test(request.name.trim())) return 'The name must be letters, digits and "-", with single "_" between them (it prefixes the tools: mcp__NAME__TOOL).';
  try {
    const parsed = new URL(request.url.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'The URL must start with http:// or https://.';
    if (urlHasCredentials(parsed.href)) return 'The URL holds a user or a password (http://user:…@host), which would be shown and written with it: give a token in the token field instead.';
  } catch {
    return 'The URL is not a URL, e.g. http://127.0.0.1:3001/mcp.';
  }
  return null;
}

/**
 * Connects a server over Streamable HTTP from this page, with `Authorization: Bearer TOKEN` when a
 * token is given, replacing any server of the same name. How it went shows in the store: connected
 * with the server's name, version and tools, or failed with why (CORS, 401, nothing there).
 */
export async function connectPageServer(request: ConnectRequest): Promise<void> {
  const name = request.name.trim();
  const url = request.url.trim();
  const token = request.token.trim();
  const refusal = whyNotConnectable({ name, url });
  await disconnectPageServer(name);
  const entry: PageServer = { name, url: safeUrl(url), state: refusal ? 'failed' : 'connecting', withToken: token !== '', ...(refusal ? { message: refusal } : {}) };
  usePageServers.setState((state) => ({ servers: [...state.servers, entry] }));
  if (refusal) return;
  rememberToken(url, token, request.remember);
  const [{ openServer }, { connectedReport }, { hostedRefusal }] = await Promise.all([
    import('../../tools/mcp/remote'),
    import('../../tools/mcp/servers'),
    import('../../tools/mcp/hostedPolicy'),
  ]);
  const opened = await openServer({ name, url }, { headers: token !== '' ? { Authorization: `Bearer ${token}` } : {}, pageOrigin: pageOrigin() });
  // Replaced or disconnected while it connected: this one is not wanted any more.
  const current = usePageServers.getState().servers.find((server) => server.name === name);
  if (current !== entry) {
    if (opened.ok) await opened.connection.close();
    return;
  }
  if (!opened.ok) {
    update(name, { state: 'failed', message: opened.message });
    return;
  }
  const { connection } = opened;
  connections.set(name, connection);
  connection.onStatus((status) => {
    if (connections.get(name) !== connection) return;
    if (status.state === 'lost') update(name, { state: 'lost', message: status.message });
  });
  update(name, { state: 'connected', report: connectedReport(connection, 'host', hostedRefusal) });
}

/** Closes and forgets a server connected from the page. */
export async function disconnectPageServer(name: string): Promise<void> {
  const connection = connections.get(name);
  connections.delete(name);
  update(name, null);
  await connection?.close();
}

/**
 * The page's MCP host for a run: it connects nothing by itself (a link or a scenario cannot make
 * the page reach a server), starts no programs, lends every run the servers the person connected,
 * and refuses tools a hosted page must not offer (`get-env`).
 */
export function pageMcpHost(): McpHost {
  const lent = () => [...connections.values()].filter((connection) => connection.status().state === 'connected');
  return {
    pageOrigin: pageOrigin(),
    shared: lent,
    async open(server) {
      if (!('url' in server)) {
        return { ok: false, refused: true, message: `${server.name} is a program to start (stdio): the page cannot start programs; replay this scenario from the command line.` };
      }
      const mine = connections.get(server.name);
      if (mine && mine.status().state === 'connected' && mine.target === safeUrl(server.url)) return { ok: true, connection: mine };
      return {
        ok: false,
        refused: true,
        message: `${server.name} (${safeUrl(server.url)}) is not connected: connect it in the Tools tab (the page connects to a server only when you ask it to).`,
      };
    },
  };
}
