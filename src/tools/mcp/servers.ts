import type { Clock } from '../../time/clock';
import type { AnyTool } from '../types';
import { connectDemoServer, hasResources, type McpConnection } from './connection';
import { DEMO_SERVER_NAME } from './demoServer';
import { createListMcpResourcesTool } from './ListMcpResourcesTool';
import { mcpToolsFor } from './mcpTool';
import { createReadMcpResourceTool } from './ReadMcpResourceTool';

/** The MCP servers a scenario may name in `settings.mcpServers`. */
export type McpServerName = typeof DEMO_SERVER_NAME;

/** A run's MCP side: the connections, their tools for the pool, and one way to close them all. */
export interface McpSession {
  connections: readonly McpConnection[];
  /** `mcp__SERVER__TOOL` tools, for the pool's MCP part. */
  tools: AnyTool[];
  /** ListMcpResourcesTool and ReadMcpResourceTool (built-in tools), when a server has resources. */
  resourceTools: AnyTool[];
  close(): Promise<void>;
}

/**
 * Connects to each named server (in-process: each connection gets a fresh server with its own
 * state, so runs do not see each other's changes). `clock` is what the demo server's waits run on.
 */
export async function connectMcpServers(names: readonly McpServerName[], options: { clock: Clock }): Promise<McpSession> {
  const connections: McpConnection[] = [];
  const close = async () => {
    await Promise.all(connections.map((connection) => connection.close()));
  };
  try {
    for (const name of new Set(names)) {
      switch (name) {
        case DEMO_SERVER_NAME:
          connections.push(await connectDemoServer({ clock: options.clock }));
          break;
        default: {
          const unknown: never = name;
          throw new Error(`unknown MCP server "${String(unknown)}"`);
        }
      }
    }
  } catch (error: unknown) {
    await close();
    throw error;
  }
  const withResources = connections.some(hasResources);
  return {
    connections,
    tools: connections.flatMap(mcpToolsFor),
    resourceTools: withResources ? [createListMcpResourcesTool(connections), createReadMcpResourceTool(connections)] : [],
    close,
  };
}
