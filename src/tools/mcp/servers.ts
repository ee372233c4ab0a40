import type { Clock } from '../../time/clock';
import type { AnyTool } from '../types';
import { connectDemoServer, hasResources, type McpConnection, type McpServerInfo, type McpToolDefinition } from './connection';
import { errorText, type McpTransportKind } from './errors';
import { hostedRefusal } from './hostedPolicy';
import { createListMcpResourcesTool } from './ListMcpResourcesTool';
import { disabledReasonOf, mcpToolName, mcpToolsFor } from './mcpTool';
import { openServer, type OpenedServer } from './remote';
import { createReadMcpResourceTool } from './ReadMcpResourceTool';
import { DEFAULT_MCP_TIMEOUT_MS, describeTarget, serverNameOf, type McpServerSetting, type RemoteServerSetting } from './settings';

export type { McpServerSetting };

/** One server tool as the pool report shows it: its pool name, its safety, and why it was refused, if it was. */
export interface McpToolReport {
  /** The server's own name for it. */
  name: string;
  /** `mcp__SERVER__TOOL`. */
  poolName: string;
  readOnly: boolean;
  /** Why it is not offered (the page refuses it, or it runs only as a task). */
  refused?: string;
}

/** One server of a run, as the pool report shows it. */
export interface McpServerReport {
  name: string;
  transport: McpTransportKind;
  /** `in-process`, the URL (without credentials) or the command line. */
  target: string;
  /** Named by the run's settings, or connected by the host (the page's Tools tab). */
  origin: 'settings' | 'host';
  /** `refused`: this host does not connect it (the page starts no programs, connects only what the person connected). */
  state: 'connected' | 'failed' | 'refused';
  /** Why it failed or was refused. */
  message?: string;
  /** What the server said it is. */
  server?: McpServerInfo;
  tools: McpToolReport[];
  resources: number;
  timeoutMs: number;
}

/**
 * Where a run's servers come from. The command line connects URLs and starts stdio programs; the
 * page connects nothing by itself: it lends the runs the connections the person made.
 */
export interface McpHost {
  /** Set when the client runs in a page: the page's origin (cross-origin rules apply, and hosted refusals). */
  readonly pageOrigin?: string;
  /** Connects a URL or stdio server; by default over Streamable HTTP with its headers, and no programs. */
  open?(server: RemoteServerSetting): Promise<OpenedServer | { ok: false; refused: true; message: string }>;
  /** Connections the host keeps and lends to every run (a run never closes them). */
  shared?(): readonly McpConnection[];
}

/** A run's MCP side: the connections, their tools for the pool, the report, and one way to close what it opened. */
export interface McpSession {
  connections: readonly McpConnection[];
  /** `mcp__SERVER__TOOL` tools, for the pool's MCP part (refused ones disabled, with the reason). */
  tools: AnyTool[];
  /** ListMcpResourcesTool and ReadMcpResourceTool (built-in tools), when a server has resources. */
  resourceTools: AnyTool[];
  report: McpServerReport[];
  /** Closes the connections this session opened (not the host's shared ones). */
  close(): Promise<void>;
}

/**
 * Connects to each server of `settings` and adds the host's shared ones. The demo server is
 * in-process (each run gets a fresh one with its own state; `clock` is what its waits run on).
 * Never throws for a server: one that cannot be reached, or that this host does not connect, is
 * in the report with why, and the run goes on without it.
 */
export async function connectMcpServers(settings: readonly McpServerSetting[], options: { clock: Clock; host?: McpHost }): Promise<McpSession> {
  const { host } = options;
  const owned: McpConnection[] = [];
  const connections: McpConnection[] = [];
  const report: McpServerReport[] = [];
  const refuse = host?.pageOrigin !== undefined ? (definition: McpToolDefinition) => hostedRefusal(definition) : undefined;
  const connected = (connection: McpConnection, origin: McpServerReport['origin']) => {
    connections.push(connection);
    report.push(connectedReport(connection, origin, refuse));
  };

  for (const setting of settings) {
    const entry = { name: serverNameOf(setting), target: describeTarget(setting), origin: 'settings' as const };
    if (typeof setting === 'string') {
      try {
        const connection = await connectDemoServer({ clock: options.clock });
        owned.push(connection);
        connected(connection, 'settings');
      } catch (error: unknown) {
        report.push({ ...entry, transport: 'in-process', state: 'failed', message: errorText(error), tools: [], resources: 0, timeoutMs: DEFAULT_MCP_TIMEOUT_MS });
      }
      continue;
    }
    const opened = await (host?.open ? host.open(setting) : openServer(setting));
    const transport = 'url' in setting ? 'http' : 'stdio';
    const timeoutMs = setting.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
    if (opened.ok) {
      if (!host?.shared?.().includes(opened.connection)) owned.push(opened.connection);
      connected(opened.connection, 'settings');
    } else {
      const state = 'refused' in opened ? 'refused' : 'failed';
      report.push({ ...entry, transport, state, message: opened.message, tools: [], resources: 0, timeoutMs });
    }
  }
  for (const connection of host?.shared?.() ?? []) {
    if (connections.includes(connection) || report.some((server) => server.name === connection.serverName)) continue;
    if (connection.status().state !== 'connected') continue;
    connected(connection, 'host');
  }

  const withResources = connections.some(hasResources);
  return {
    connections,
    tools: connections.flatMap((connection) => mcpToolsFor(connection, refuse ? { refuse } : {})),
    resourceTools: withResources ? [createListMcpResourcesTool(connections), createReadMcpResourceTool(connections)] : [],
    report,
    close: async () => {
      await Promise.all(owned.map((connection) => connection.close()));
    },
  };
}

/** The report of a connected server: what it is, its tools with their safety, and any the host refused. */
export function connectedReport(
  connection: McpConnection,
  origin: McpServerReport['origin'],
  refuse?: (definition: McpToolDefinition) => string | undefined,
): McpServerReport {
  return {
    name: connection.serverName,
    transport: connection.transport,
    target: connection.target,
    origin,
    state: 'connected',
    server: connection.server,
    tools: connection.tools.map((definition) => {
      const refused = disabledReasonOf(definition, refuse?.(definition));
      return {
        name: definition.name,
        poolName: mcpToolName(connection.serverName, definition.name),
        readOnly: definition.annotations?.readOnlyHint === true,
        ...(refused !== undefined ? { refused } : {}),
      };
    }),
    resources: connection.resources.length,
    timeoutMs: connection.timeoutMs,
  };
}
