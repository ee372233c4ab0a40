import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildTool } from '../buildTool';
import type { Tool } from '../types';
import type { McpConnection, McpToolDefinition } from './connection';
import { textOfToolContent } from './contentText';
import { describeCallError } from './errors';
import { refLoopOf, schemaTooDeep, strictToolInputSchema, zodFromToolInputSchema, type McpToolInput } from './inputSchema';

export type { McpToolInput };

/** The result limit of every MCP tool (as the real agent's). */
export const MCP_RESULT_LIMIT_CHARS = 100_000;

/** What an MCP tool call returned, as text, and whether the server marked it an error. */
export interface McpToolOutput {
  text: string;
  isError: boolean;
}

/**
 * A tool that forwards to an MCP server. Besides the Tool it keeps the server's own JSON Schema
 * (`inputJSONSchema`), which is what the model should be shown, and where the call goes.
 */
export interface McpTool extends Tool<McpToolInput, McpToolOutput> {
  readonly inputJSONSchema: Record<string, unknown>;
  readonly mcp: { readonly serverName: string; readonly toolName: string };
}

/** The pool name of a server's tool, `mcp__SERVER__TOOL`, with characters an API name cannot hold made `_`. */
export function mcpToolName(serverName: string, toolName: string): string {
  return `mcp__${serverName}__${toolName.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** What may keep a server's tool out of the pool: the host's refusal (a hosted page's), with its reason. */
export interface McpToolOptions {
  refuse?: (definition: McpToolDefinition) => string | undefined;
}

/** Every tool the connection's server listed, wrapped as a deferred MCP tool of the pool. */
export function mcpToolsFor(connection: McpConnection, options: McpToolOptions = {}): McpTool[] {
  return connection.tools.map((definition) => createMcpTool(connection, definition, options.refuse?.(definition)));
}

/**
 * Why a tool cannot join the pool, or `undefined`: the host refused it, it can only run as an MCP
 * task (the server would refuse a plain call, and this client does not run tasks), or its input
 * schema describes no value (`$ref`s that go round), so no input could be checked.
 */
export function disabledReasonOf(definition: McpToolDefinition, refusal: string | undefined): string | undefined {
  if (refusal !== undefined) return refusal;
  if (definition.execution?.taskSupport === 'required') return 'it runs only as an MCP task, which this client does not run';
  const tooDeep = schemaTooDeep(definition.inputSchema);
  if (tooDeep) return tooDeep;
  const loop = refLoopOf(definition.inputSchema);
  if (loop) return `its input schema's $refs go round without reaching a schema (${loop.join(' → ')}), so no input could be checked against it`;
  return undefined;
}

/**
 * Wraps one server tool. Its flags come from the server's annotations, failing closed: without
 * `readOnlyHint: true` it is neither read-only nor concurrency-safe; a tool that is not read-only is
 * destructive unless it says `destructiveHint: false` (the protocol's default). A call waits at most
 * the connection's `timeoutMs` and ends at once when its signal aborts (both cancel the request on
 * the server); every failure (the server gone, a timeout, a malformed result) is an error result.
 * `refusal` disables it, with that reason in the pool report.
 */
export function createMcpTool(connection: McpConnection, definition: McpToolDefinition, refusal?: string): McpTool {
  const { serverName } = connection;
  const name = mcpToolName(serverName, definition.name);
  const readOnly = definition.annotations?.readOnlyHint === true;
  const destructive = !readOnly && definition.annotations?.destructiveHint !== false;
  const title = definition.title ?? definition.annotations?.title ?? definition.name;
  const label = `${serverName} · ${title}`;
  const disabled = disabledReasonOf(definition, refusal);
  // A schema too deep to walk is never copied or written out: the disabled tool shows a plain object.
  const inputJSONSchema = strictToolInputSchema(schemaTooDeep(definition.inputSchema) ? { type: 'object' } : definition.inputSchema);
  const errorContext = { serverName, transport: connection.transport, target: connection.target, timeoutMs: connection.timeoutMs, toolName: name };

  const tool = buildTool<McpToolInput, McpToolOutput>({
    name,
    inputSchema: zodFromToolInputSchema(inputJSONSchema),
    prompt: () => definition.description ?? `${title} (a tool of the MCP server ${serverName}).`,
    isMcp: true,
    kind: 'mcp',
    shouldDefer: true,
    isEnabled: () => disabled === undefined,
    disabledReason: () => disabled,
    searchHint: `${serverName} ${title}`,
    isReadOnly: () => readOnly,
    isConcurrencySafe: () => readOnly,
    isDestructive: () => destructive,
    maxResultSizeChars: MCP_RESULT_LIMIT_CHARS,
    userFacingName: () => `${label} (MCP)`,
    description: (input) => `Call ${definition.name} on the MCP server ${serverName} with ${summarizeArguments(input)}`,

    async call(input, context) {
      const before = connection.status();
      if (before.state !== 'connected') {
        const why = before.state === 'lost' ? `it went away earlier in the run: ${before.message}` : 'its connection was closed';
        return failed(`The MCP server ${serverName} cannot take the call to ${name}: ${why}`);
      }
      try {
        const request = connection.client.callTool({ name: definition.name, arguments: input }, undefined, {
          signal: context.abortSignal,
          timeout: connection.timeoutMs,
        });
        const output = outputOf(await context.clock.track(request));
        return { output: { ...output, text: connection.redact(output.text) }, isError: output.isError };
      } catch (error: unknown) {
        // Stop, or a sibling's cascade: the pipeline says so itself.
        if (context.abortSignal.aborted) throw error;
        const after = connection.status();
        return failed(connection.redact(describeCallError(error, { ...errorContext, ...(after.state === 'lost' ? { lost: after.message } : {}) })));
      }
    },

    mapResult: (output) => output.text || `${name} returned no content`,

    render: {
      use: (input) => ({ title: label, summary: summarizeArguments(input) }),
      result: (output) => ({
        title: label,
        summary: output.isError ? 'the server reported an error' : `${output.text.length.toLocaleString('en-US')} characters`,
        body: output.text,
        format: 'text',
        tone: output.isError ? 'error' : 'success',
      }),
    },
  });
  return { ...tool, inputJSONSchema, mcp: { serverName, toolName: definition.name } };
}

function failed(text: string): { output: McpToolOutput; isError: true } {
  return { output: { text, isError: true }, isError: true };
}

/** `callTool` answers with content (current servers) or a bare `toolResult` (protocol 2024-10-07). */
function outputOf(result: CallToolResult | { toolResult: unknown }): McpToolOutput {
  if ('toolResult' in result) return { text: JSON.stringify(result.toolResult, null, 2), isError: false };
  const text = textOfToolContent(result.content);
  const structured = result.structuredContent === undefined ? '' : JSON.stringify(result.structuredContent, null, 2);
  return { text: text || structured, isError: result.isError === true };
}

/** `key: value, …` in one short line. */
function summarizeArguments(input: McpToolInput): string {
  const entries = Object.entries(input);
  if (entries.length === 0) return 'no arguments';
  const line = entries.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ');
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
