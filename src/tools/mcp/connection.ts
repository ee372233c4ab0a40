import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Resource, Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import { McpResponseTooLarge } from './boundedFetch';
import { createDemoServer, type DemoServerOptions } from './demoServer';
import { errorText, type McpTransportKind } from './errors';
import { DEFAULT_MCP_TIMEOUT_MS, DEMO_SERVER_NAME, SERVER_NAME_PATTERN } from './settings';

export type { McpToolDefinition, McpTransportKind };

/** What the server said it is in the handshake. */
export interface McpServerInfo {
  name: string;
  version: string;
  title?: string;
}

/** Whether a connection can still be used: connected, lost (the server went away, and why), or closed by us. */
export type McpConnectionStatus = { state: 'connected' } | { state: 'lost'; message: string } | { state: 'closed' };

/** A connected MCP server as the tool layer sees it: the client and what the server listed at connect time. */
export interface McpConnection {
  /** The name tools are prefixed with (`mcp__NAME__tool`) and resources are addressed by. */
  readonly serverName: string;
  readonly client: Client;
  readonly tools: readonly McpToolDefinition[];
  readonly resources: readonly Resource[];
  /** The server's name and version from the handshake. */
  readonly server: McpServerInfo;
  readonly transport: McpTransportKind;
  /** Where it is: `in-process`, the URL (without credentials) or the command line. */
  readonly target: string;
  /** How long one request may take before it is cancelled. */
  readonly timeoutMs: number;
  /** `text` with the credentials sent to this server taken out (a server may echo them back). */
  redact(text: string): string;
  status(): McpConnectionStatus;
  /** Calls `listener` whenever the status changes; returns the way to stop. */
  onStatus(listener: (status: McpConnectionStatus) => void): () => void;
  /** Closes the client (and an in-process server); safe to call twice. */
  close(): Promise<void>;
}

/** The client's name and version in the MCP handshake. */
const CLIENT_INFO = { name: 'tool-system-playground', version: '0.1.0' };

/** Stops a listing loop on a server that keeps handing out cursors. */
const MAX_LIST_PAGES = 100;

/** How long the check after a transport error may take before the server counts as gone. */
const LIVENESS_PING_MS = 5000;

/** How to connect one client: the server's name, how it is reached, and what to say when it goes away. */
export interface ConnectOptions {
  name: string;
  transport?: McpTransportKind;
  target?: string;
  timeoutMs?: number;
  /** Runs before we close the client ourselves (ending the session on the server). */
  beforeClose?: () => Promise<void>;
  /** Closes what the transport does not (an in-process server). */
  onClose?: () => Promise<void>;
  /** What to add when the connection closes by itself (a process's last words on standard error). */
  lostDetail?: () => string;
  /** Credentials sent to the server: taken out of what it answers (see {@link redactSecrets}). */
  secrets?: readonly string[];
}

/** Secrets shorter than this are not looked for (they would match ordinary text). */
const MIN_SECRET_LENGTH = 8;

/**
 * `text` with each secret (of at least eight characters) replaced by `[redacted]`, as written and
 * as a server may return it: escaped inside a JSON string (a value with `"` or `\\` stayed in the
 * record that way) or percent-encoded in a URL.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(encodeURIComponent(secret));
  }
  // The longest first, so that a form is not cut by a shorter one inside it.
  let out = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) out = out.split(form).join('[redacted]');
  return out;
}

/** The secrets in request headers: each value, and the credentials after an auth scheme ("Bearer X" → X too). */
export function secretsOfHeaders(headers: Readonly<Record<string, string>> | undefined): string[] {
  const values = Object.values(headers ?? {});
  return [...values, ...values.map((value) => value.replace(/^\s*\w+\s+/, ''))].filter((value) => value.length >= MIN_SECRET_LENGTH);
}

/**
 * Connects a real MCP client over `transport`, then lists the server's tools and resources, each
 * request bounded by `timeoutMs`. Afterwards it watches the connection: when the transport closes
 * by itself, or reports an error and a ping then fails, the connection is `lost`, the client is
 * closed and every request in flight fails at once (instead of waiting out its timeout).
 * Throws on a bad name (a programmer error) or when the handshake or a listing fails.
 */
export async function connectClient(transport: Transport, options: ConnectOptions): Promise<McpConnection> {
  if (!SERVER_NAME_PATTERN.test(options.name)) {
    throw new Error(`MCP server name "${options.name}" must be letters, digits, "-" and single "_" (no "__")`);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
  const client = new Client(CLIENT_INFO);
  let status: McpConnectionStatus = { state: 'connected' };
  const listeners = new Set<(status: McpConnectionStatus) => void>();
  const setStatus = (next: McpConnectionStatus) => {
    status = next;
    for (const listener of listeners) listener(next);
  };
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      if (status.state === 'connected') {
        setStatus({ state: 'closed' });
        await options.beforeClose?.().catch(() => undefined);
      }
      await client.close().catch(() => undefined);
      await options.onClose?.().catch(() => undefined);
    })();
    return closing;
  };
  try {
    await client.connect(transport, { timeout: timeoutMs });
    const capabilities = client.getServerCapabilities();
    const tools = capabilities?.tools ? await listAllTools(client, undefined, timeoutMs) : [];
    const resources = capabilities?.resources ? await listAllResources(client, undefined, timeoutMs) : [];
    const version = client.getServerVersion();
    const server: McpServerInfo = {
      name: version?.name ?? options.name,
      version: version?.version ?? 'unknown',
      ...(version?.title !== undefined ? { title: version.title } : {}),
    };

    const lose = (message: string) => {
      if (status.state !== 'connected') return;
      setStatus({ state: 'lost', message });
      // Closing rejects every request still waiting for an answer.
      void close();
    };
    let checking = false;
    client.onclose = () => {
      const detail = options.lostDetail?.() ?? '';
      lose(`the connection closed${detail ? `: ${detail}` : ''}`);
    };
    client.onerror = (error: unknown) => {
      // A response past its size bound was cut off: what waits for it would wait out its timeout.
      const tooLarge = tooLargeIn(error);
      if (tooLarge !== undefined) return lose(tooLarge);
      if (status.state !== 'connected' || checking) return;
      checking = true;
      client.ping({ timeout: Math.min(LIVENESS_PING_MS, timeoutMs) }).then(
        () => (checking = false),
        (pingError: unknown) => lose(`the connection broke (${errorText(error)}), and a ping then failed: ${errorText(pingError)}`),
      );
    };
    return {
      serverName: options.name,
      client,
      tools,
      resources,
      server,
      transport: options.transport ?? 'in-process',
      target: options.target ?? 'in-process',
      timeoutMs,
      redact: (text) => redactSecrets(text, options.secrets ?? []),
      status: () => status,
      onStatus(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close,
    };
  } catch (error: unknown) {
    await close();
    throw error;
  }
}

/** The size bound's message in `error`, if it is there: the SDK's transport passes it on as text, in an error of its own. */
function tooLargeIn(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : String(error);
  const at = text.indexOf(McpResponseTooLarge.START);
  return at >= 0 && text.includes(McpResponseTooLarge.MARK) ? text.slice(at) : undefined;
}

/**
 * Connects a real MCP client to `server` in this process over a linked pair of in-memory
 * transports, then lists the server's tools and resources. Works in Node and in the browser.
 */
export async function connectInProcess(server: Pick<McpServer, 'connect' | 'close'>, options: { name: string; timeoutMs?: number }): Promise<McpConnection> {
  if (!SERVER_NAME_PATTERN.test(options.name)) {
    throw new Error(`MCP server name "${options.name}" must be letters, digits, "-" and single "_" (no "__")`);
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  return connectClient(clientTransport, { ...options, transport: 'in-process', target: 'in-process', onClose: () => server.close() });
}

/** Builds a fresh demo server (its own tracker) and connects to it as `demo`. */
export function connectDemoServer(options: DemoServerOptions & { timeoutMs?: number } = {}): Promise<McpConnection> {
  const { timeoutMs, ...demo } = options;
  return connectInProcess(createDemoServer(demo), { name: DEMO_SERVER_NAME, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
}

/** Every tool the server lists, following its cursors. */
export async function listAllTools(client: Client, signal?: AbortSignal, timeoutMs?: number): Promise<McpToolDefinition[]> {
  return collectPages(async (cursor) => {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { signal, ...(timeoutMs !== undefined ? { timeout: timeoutMs } : {}) });
    return { items: page.tools, nextCursor: page.nextCursor };
  });
}

/** Every resource the server lists, following its cursors. */
export async function listAllResources(client: Client, signal?: AbortSignal, timeoutMs?: number): Promise<Resource[]> {
  return collectPages(async (cursor) => {
    const page = await client.listResources(cursor === undefined ? undefined : { cursor }, { signal, ...(timeoutMs !== undefined ? { timeout: timeoutMs } : {}) });
    return { items: page.resources, nextCursor: page.nextCursor };
  });
}

async function collectPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | undefined }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    if (!result.nextCursor) break;
    cursor = result.nextCursor;
  }
  return items;
}

/** The connection named `serverName`, or the message the model sees when there is none. */
export function findConnection(
  connections: readonly McpConnection[],
  serverName: string,
): { ok: true; connection: McpConnection } | { ok: false; message: string } {
  const connection = connections.find((candidate) => candidate.serverName === serverName);
  if (connection) return { ok: true, connection };
  const known = connections.map((candidate) => candidate.serverName);
  return {
    ok: false,
    message: `No MCP server named "${serverName}" is connected. ${known.length > 0 ? `Connected servers: ${known.join(', ')}.` : 'No MCP servers are connected.'}`,
  };
}

/** Whether the server said, in the handshake, that it has resources. */
export function hasResources(connection: McpConnection): boolean {
  return connection.client.getServerCapabilities()?.resources !== undefined;
}
