import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { boundedFetch } from './boundedFetch';
import { connectClient, redactSecrets, secretsOfHeaders, type McpConnection } from './connection';
import { describeMcpError } from './errors';
import { DEFAULT_MCP_TIMEOUT_MS, describeTarget, safeUrl, type HttpServerSetting, type RemoteServerSetting, type StdioServerSetting } from './settings';

/** How long ending the session on the server (an HTTP DELETE) may hold up closing. */
const END_SESSION_MS = 2000;

/** A connection, or why there is none, in words. */
export type OpenedServer = { ok: true; connection: McpConnection } | { ok: false; message: string };

/** A started stdio server: its transport, and its last words when it ends by itself. */
export interface StdioLink {
  transport: Transport;
  /** The end of what the process wrote to standard error, for a "gone" message. */
  lastWords(): string;
}

/** What connecting from here takes: the page's origin (cross-origin rules apply), a fetch, a way to start programs. */
export interface OpenOptions {
  /** Headers to send instead of the setting's own (the command line's, with variables filled in; the page's token). */
  headers?: Readonly<Record<string, string>>;
  /** The page's origin when the client runs in a page. */
  pageOrigin?: string;
  fetch?: FetchLike;
  /** The most of one response read (boundedFetch.ts); the default for tests that need a small one. */
  maxResponseBytes?: number;
  /** Starts a stdio server (Node only; without it stdio servers are refused). */
  startStdio?: (server: StdioServerSetting) => StdioLink;
}

/** Connects to a Streamable HTTP server; throws the transport's own error when it cannot. */
export async function connectHttp(server: HttpServerSetting, options: OpenOptions = {}): Promise<McpConnection> {
  const headers = options.headers ?? server.headers;
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    ...(headers && Object.keys(headers).length > 0 ? { requestInit: { headers: { ...headers } } } : {}),
    fetch: boundedFetch(options.fetch ?? ((input, init) => fetch(input, init)), options.maxResponseBytes),
  });
  return connectClient(transport, {
    name: server.name,
    transport: 'http',
    target: safeUrl(server.url),
    timeoutMs: server.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS,
    secrets: secretsOfHeaders(headers),
    beforeClose: () => withinMs(transport.terminateSession(), END_SESSION_MS),
  });
}

/**
 * Connects one URL or stdio server and lists what it offers; every failure is a message saying
 * what went wrong and what would fix it (the CORS headers a page needs, the token, the program).
 */
export async function openServer(server: RemoteServerSetting, options: OpenOptions = {}): Promise<OpenedServer> {
  const timeoutMs = server.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
  const headers = options.headers ?? ('url' in server ? server.headers : undefined);
  const context = {
    serverName: server.name,
    transport: 'url' in server ? ('http' as const) : ('stdio' as const),
    target: describeTarget(server),
    timeoutMs,
    ...(options.pageOrigin !== undefined ? { pageOrigin: options.pageOrigin } : {}),
    sentCredentials: Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'authorization'),
  };
  if ('url' in server) {
    try {
      return { ok: true, connection: await connectHttp(server, options) };
    } catch (error: unknown) {
      return { ok: false, message: redactSecrets(describeMcpError(error, context), secretsOfHeaders(headers)) };
    }
  }
  if (!options.startStdio) return { ok: false, message: `${server.name} is a program to start (stdio): only the command line starts programs.` };
  let link: StdioLink | undefined;
  try {
    link = options.startStdio(server);
    const started = link;
    const connection = await connectClient(started.transport, {
      name: server.name,
      transport: 'stdio',
      target: context.target,
      timeoutMs,
      secrets: Object.values(server.env ?? {}),
      lostDetail: () => {
        const words = started.lastWords();
        return `the server process ended${words ? `; its last words on standard error: ${words}` : ''}`;
      },
    });
    return { ok: true, connection };
  } catch (error: unknown) {
    const words = link?.lastWords() ?? '';
    const message = `${describeMcpError(error, context)}${words ? ` Its standard error ends: ${words}` : ''}`;
    return { ok: false, message: redactSecrets(message, Object.values(server.env ?? {})) };
  }
}

function withinMs(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}
