import * as z from 'zod';
import { buildTool } from '../buildTool';
import type { Tool } from '../types';
import { findConnection, hasResources, listAllResources, type McpConnection } from './connection';

const PROMPT = `Lists the resources (documents, data, records) that the connected MCP servers offer.

- Give server to list one server's resources; leave it out to list every server's.
- Each resource has a server and a uri: pass both to ReadMcpResourceTool to read it.`;

const inputSchema = z.strictObject({
  server: z.string().optional().describe('The MCP server whose resources to list (default: every server)'),
});

/** ListMcpResourcesTool's input. */
export type ListMcpResourcesInput = z.infer<typeof inputSchema>;

/** One listed resource and the server it belongs to. */
export interface ListedMcpResource {
  server: string;
  uri: string;
  name: string;
  title?: string;
  mimeType?: string;
  description?: string;
}

/** The resources found, and the servers whose listing failed (the others are still listed). */
export interface ListMcpResourcesOutput {
  resources: ListedMcpResource[];
  failures: { server: string; message: string }[];
}

/** Builds ListMcpResourcesTool over `connections`: a fresh listing from each server on every call. */
export function createListMcpResourcesTool(connections: readonly McpConnection[]): Tool<ListMcpResourcesInput, ListMcpResourcesOutput> {
  return buildTool<ListMcpResourcesInput, ListMcpResourcesOutput>({
    name: 'ListMcpResourcesTool',
    inputSchema,
    prompt: () => PROMPT,
    kind: 'mcp',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    shouldDefer: true,
    maxResultSizeChars: 100_000,
    searchHint: 'mcp server resources list documents data',
    userFacingName: (input) => (input?.server ? `ListMcpResources(${input.server})` : 'ListMcpResources'),
    description: (input) => `List the resources of ${input.server ? `the MCP server ${input.server}` : 'every MCP server'}`,

    async validateInput(input) {
      if (input.server === undefined) return { ok: true };
      const found = findConnection(connections, input.server);
      return found.ok ? { ok: true } : found;
    },

    async call(input, context) {
      const targets = connections.filter((connection) => input.server === undefined || connection.serverName === input.server);
      const listings = await Promise.all(
        targets.filter(hasResources).map(async (connection) => {
          try {
            const resources = await context.clock.track(listAllResources(connection.client, context.abortSignal));
            return { ok: true as const, resources: resources.map((resource) => listed(connection.serverName, resource)) };
          } catch (error: unknown) {
            return { ok: false as const, failure: { server: connection.serverName, message: errorText(error) } };
          }
        }),
      );
      return {
        output: {
          resources: listings.flatMap((listing) => (listing.ok ? listing.resources : [])),
          failures: listings.flatMap((listing) => (listing.ok ? [] : [listing.failure])),
        },
      };
    },

    mapResult(output) {
      const failures = output.failures.map((failure) => `Listing the resources of ${failure.server} failed: ${failure.message}`);
      const listing = output.resources.length === 0 ? 'No resources found.' : JSON.stringify(output.resources, null, 2);
      return [listing, ...failures].join('\n');
    },

    render: {
      use: (input) => ({ title: 'List MCP resources', summary: input.server ? `of ${input.server}` : 'of every server' }),
      result: (output) => ({
        title: 'List MCP resources',
        summary: `${output.resources.length} resource${output.resources.length === 1 ? '' : 's'}${output.failures.length > 0 ? `, ${output.failures.length} server(s) failed` : ''}`,
        body: output.resources.map((resource) => `${resource.server}  ${resource.uri}  ${resource.name}`).join('\n'),
        format: 'text',
        tone: output.failures.length > 0 ? 'warning' : output.resources.length > 0 ? 'success' : 'muted',
      }),
    },
  });
}

function listed(
  server: string,
  resource: { uri: string; name: string; title?: string; mimeType?: string; description?: string },
): ListedMcpResource {
  return {
    server,
    uri: resource.uri,
    name: resource.name,
    ...(resource.title !== undefined ? { title: resource.title } : {}),
    ...(resource.mimeType !== undefined ? { mimeType: resource.mimeType } : {}),
    ...(resource.description !== undefined ? { description: resource.description } : {}),
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
