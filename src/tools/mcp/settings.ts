import * as z from 'zod';
import { safeUrl, SERVER_NAME_PATTERN, urlHasCredentials } from './serverNames';

/** The name the demo server is connected under: its tools are `mcp__demo__…`. */
export const DEMO_SERVER_NAME = 'demo';

/** How long a request to a server (a tool call, a listing, the handshake) may take unless `timeoutMs` says otherwise. */
export const DEFAULT_MCP_TIMEOUT_MS = 60_000;

export { safeUrl, SERVER_NAME_PATTERN };

/** What a redacted header or environment value reads as in a record. */
export const REDACTED = '[redacted]';

const serverName = z
  .string()
  .regex(SERVER_NAME_PATTERN, { error: 'an MCP server name is letters, digits and "-", with single "_" between them (no "__"), e.g. "everything"' })
  .describe('The name its tools are prefixed with: mcp__NAME__TOOL.');

const timeoutMs = z
  .int()
  .positive()
  .optional()
  .describe(`How long one request (a tool call, a listing, the handshake) may take, in ms, before it is cancelled. Default: ${DEFAULT_MCP_TIMEOUT_MS}.`);

const httpServerSchema = z
  .strictObject({
    name: serverName,
    url: z
      .url({ protocol: /^https?$/, error: 'the URL of a Streamable HTTP endpoint, http:// or https://, e.g. "http://127.0.0.1:3001/mcp"' })
      .refine((value) => !urlHasCredentials(value), {
        error: 'the URL holds a user or a password (http://user:…@host), which would be shown and written with it: put them in "headers" instead, e.g. {"Authorization": "Basic …"}',
      })
      .describe('The Streamable HTTP endpoint, e.g. "http://127.0.0.1:3001/mcp".'),
    headers: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'Headers sent with every request, e.g. {"Authorization": "Bearer ${MCP_TOKEN}"}. On the command line ${NAME} is replaced by the environment variable NAME; records show every value as "[redacted]". The page does not send these: it sends the bearer token given in its Tools tab.',
      ),
    timeoutMs,
  })
  .describe('An MCP server over Streamable HTTP (the page and the command line).');

const stdioServerSchema = z
  .strictObject({
    name: serverName,
    command: z.string().min(1).describe('The program to start, e.g. "node" or "npx" (command line only).'),
    args: z.array(z.string()).optional().describe('Its arguments.'),
    env: z
      .record(z.string(), z.string())
      .optional()
      .describe('Environment variables it gets besides a safe few (PATH, HOME, USER, SHELL, TERM, LOGNAME); ${NAME} is replaced by the variable NAME. Records show every value as "[redacted]".'),
    timeoutMs,
  })
  .describe('An MCP server started as a process that speaks over its standard input and output (the command line only).');

/** One entry of `settings.mcpServers`: the demo server, a Streamable HTTP endpoint, or a program over stdio. */
export const mcpServerSettingSchema = z.union([
  z.literal(DEMO_SERVER_NAME).describe('The demo server that ships with the playground, in-process: its tools are mcp__demo__*.'),
  httpServerSchema,
  stdioServerSchema,
]);

/** `settings.mcpServers`: each server once by name. */
export const mcpServersSchema = z
  .array(mcpServerSettingSchema)
  .default([])
  .superRefine((servers, context) => {
    const seen = new Set<string>();
    servers.forEach((server, index) => {
      const name = serverNameOf(server);
      if (seen.has(name)) context.addIssue({ code: 'custom', path: [index], message: `a second MCP server named "${name}": each name may be used once` });
      seen.add(name);
    });
  })
  .describe('MCP servers to connect: "demo" (in-process), {name, url, headers?, timeoutMs?} (Streamable HTTP) or {name, command, args?, env?, timeoutMs?} (stdio, command line only).');

/** One server of `settings.mcpServers`. */
export type McpServerSetting = z.output<typeof mcpServerSettingSchema>;
/** A server reached over Streamable HTTP. */
export type HttpServerSetting = z.output<typeof httpServerSchema>;
/** A server started as a process, over stdio. */
export type StdioServerSetting = z.output<typeof stdioServerSchema>;
/** A server that is not the in-process demo. */
export type RemoteServerSetting = HttpServerSetting | StdioServerSetting;

/** The name a server's tools are prefixed with. */
export function serverNameOf(server: McpServerSetting): string {
  return typeof server === 'string' ? server : server.name;
}

/** Whether a setting names a Streamable HTTP server. */
export function isHttpServer(server: McpServerSetting): server is HttpServerSetting {
  return typeof server !== 'string' && 'url' in server;
}

/** Whether a setting names a server started over stdio. */
export function isStdioServer(server: McpServerSetting): server is StdioServerSetting {
  return typeof server !== 'string' && 'command' in server;
}

/** Where a server is, for people: the URL without its query or credentials, or the command line. */
export function describeTarget(server: McpServerSetting): string {
  if (typeof server === 'string') return 'in-process';
  if ('url' in server) return safeUrl(server.url);
  return [server.command, ...(server.args ?? [])].join(' ');
}


/**
 * The settings as a record may show them: every header and environment value of a server
 * replaced by `[redacted]` (the names stay, so a reader sees what was sent), and URLs without
 * their credentials or query.
 */
export function redactServerSettings(servers: readonly McpServerSetting[]): McpServerSetting[] {
  return servers.map((server) => {
    if (typeof server === 'string') return server;
    if ('url' in server) {
      return { ...server, url: safeUrl(server.url), ...(server.headers ? { headers: redactValues(server.headers) } : {}) };
    }
    return { ...server, ...(server.env ? { env: redactValues(server.env) } : {}) };
  });
}

function redactValues(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.keys(values).map((key) => [key, REDACTED]));
}
