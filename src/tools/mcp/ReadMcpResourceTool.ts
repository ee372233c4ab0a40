import type { BlobResourceContents, TextResourceContents } from '@modelcontextprotocol/sdk/types.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { buildTool } from '../buildTool';
import type { Tool } from '../types';
import { findConnection, hasResources, type McpConnection } from './connection';
import { textOfResourceContents } from './contentText';

const PROMPT = `Reads one resource of a connected MCP server.

- server is the MCP server's name and uri the resource's URI, both as ListMcpResourcesTool lists them.
- Text contents are returned as they are; binary contents are described by type and size.`;

const inputSchema = z.strictObject({
  server: z.string().describe('The MCP server that has the resource'),
  uri: z.string().describe('The resource URI, e.g. "demo://docs/readme"'),
});

/** ReadMcpResourceTool's input. */
export type ReadMcpResourceInput = z.infer<typeof inputSchema>;

/** What a read gave: the contents, or the server's refusal (an unknown URI, most often). */
export type ReadMcpResourceOutput =
  | { kind: 'read'; server: string; uri: string; contents: (TextResourceContents | BlobResourceContents)[] }
  | { kind: 'refused'; server: string; uri: string; message: string };

/** Builds ReadMcpResourceTool over `connections`. */
export function createReadMcpResourceTool(connections: readonly McpConnection[]): Tool<ReadMcpResourceInput, ReadMcpResourceOutput> {
  return buildTool<ReadMcpResourceInput, ReadMcpResourceOutput>({
    name: 'ReadMcpResourceTool',
    inputSchema,
    prompt: () => PROMPT,
    kind: 'mcp',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    shouldDefer: true,
    maxResultSizeChars: 100_000,
    searchHint: 'mcp server resource read fetch document uri',
    userFacingName: (input) => (input?.uri !== undefined ? `ReadMcpResource(${input.uri})` : 'ReadMcpResource'),
    description: (input) => `Read ${input.uri} from the MCP server ${input.server}`,

    async validateInput(input) {
      const found = findConnection(connections, input.server);
      if (!found.ok) return found;
      if (!hasResources(found.connection)) return { ok: false, message: `The MCP server ${input.server} has no resources.` };
      return { ok: true };
    },

    async call(input, context) {
      const found = findConnection(connections, input.server);
      if (!found.ok) throw new Error(found.message);
      try {
        const result = await context.clock.track(found.connection.client.readResource({ uri: input.uri }, { signal: context.abortSignal }));
        return { output: { kind: 'read', server: input.server, uri: input.uri, contents: result.contents } };
      } catch (error: unknown) {
        // A JSON-RPC error is the server's answer (no such URI, a bad one); anything else is not ours to explain.
        if (!(error instanceof McpError) || context.abortSignal.aborted) throw error;
        // The SDK prefixes the code once per hop ("MCP error -32602: MCP error -32602: …").
        const reason = error.message.replace(/^(?:MCP error -?\d+: )+/, '');
        const message =
          `${input.server} could not read ${input.uri}: ${reason}. ` +
          `Call ListMcpResourcesTool with server "${input.server}" to see its resources.`;
        return { output: { kind: 'refused', server: input.server, uri: input.uri, message }, isError: true };
      }
    },

    mapResult(output) {
      switch (output.kind) {
        case 'read':
          return output.contents.length === 0 ? `${output.uri} is empty.` : textOfResourceContents(output.contents);
        case 'refused':
          return output.message;
        default: {
          const exhaustive: never = output;
          return exhaustive;
        }
      }
    },

    render: {
      use: (input) => ({ title: `Read MCP resource ${input.uri}`, summary: `from ${input.server}` }),
      result: (output) =>
        output.kind === 'read'
          ? {
              title: `Read MCP resource ${output.uri}`,
              summary: `${output.contents.length} part${output.contents.length === 1 ? '' : 's'} from ${output.server}`,
              body: textOfResourceContents(output.contents),
              format: 'text',
              tone: 'success',
            }
          : { title: `Read MCP resource ${output.uri}`, summary: output.message, tone: 'error' },
    },
  });
}
