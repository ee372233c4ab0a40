import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Resource, Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import { createDemoServer, DEMO_SERVER_NAME, type DemoServerOptions } from './demoServer';

export type { McpToolDefinition };

/** A connected MCP server as the tool layer sees it: the client and what the server listed at connect time. */
export interface McpConnection {
  /** The name tools are prefixed with (`mcp__NAME__tool`) and resources are addressed by. */
  readonly serverName: string;
  readonly client: Client;
  readonly tools: readonly McpToolDefinition[];
  readonly resources: readonly Resource[];
  /** Closes the client and the server; safe to call twice. */
  close(): Promise<void>;
}

/** The client's name and version in the MCP handshake. */
const CLIENT_INFO = { name: 'tool-system-playground', version: '0.1.0' };

/** Stops a listing loop on a server that keeps handing out cursors. */
const MAX_LIST_PAGES = 100;

/**
 * A server name that keeps `mcp__SERVER__TOOL` parseable and usable in permission rules: letters,
 * digits and `-`, with single `_` between them (a `__` would split the name in two).
 */
const SERVER_NAME = /^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/;

/**
 * Connects a real MCP client to `server` in this process over a linked pair of in-memory
 * transports, then lists the server's tools and resources. Works in Node and in the browser.
 * Throws on a bad name (a programmer error) or when the handshake or a listing fails.
 */
export async function connectInProcess(
  server: Pick<McpServer, 'connect' | 'close'>,
  options: { name: string },
): Promise<McpConnection> {
  if (!SERVER_NAME.test(options.name)) {
    throw new Error(`MCP server name "${options.name}" must be letters, digits, "-" and single "_" (no "__")`);
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client(CLIENT_INFO);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.close();
    await server.close();
  };
  try {
    await server.connect(serverTransport);
    await client.connect(clientTransport);
    const capabilities = client.getServerCapabilities();
    const tools = capabilities?.tools ? await listAllTools(client) : [];
    const resources = capabilities?.resources ? await listAllResources(client) : [];
    return { serverName: options.name, client, tools, resources, close };
  } catch (error: unknown) {
    await close();
    throw error;
  }
}

/** Builds a fresh demo server (its own tracker) and connects to it as `demo`. */
export function connectDemoServer(options: DemoServerOptions = {}): Promise<McpConnection> {
  return connectInProcess(createDemoServer(options), { name: DEMO_SERVER_NAME });
}

/** Every tool the server lists, following its cursors. */
export async function listAllTools(client: Client, signal?: AbortSignal): Promise<McpToolDefinition[]> {
  return collectPages(async (cursor) => {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { signal });
    return { items: page.tools, nextCursor: page.nextCursor };
  });
}

/** Every resource the server lists, following its cursors. */
export async function listAllResources(client: Client, signal?: AbortSignal): Promise<Resource[]> {
  return collectPages(async (cursor) => {
    const page = await client.listResources(cursor === undefined ? undefined : { cursor }, { signal });
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
