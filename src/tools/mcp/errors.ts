import { redactUrlCredentials } from './serverNames';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/** How a server is reached. */
export type McpTransportKind = 'in-process' | 'http' | 'stdio';

/** What an error message about one server may say: where it is, how it is reached, from where. */
export interface McpErrorContext {
  serverName: string;
  transport: McpTransportKind;
  /** The URL (without credentials) or the command line. */
  target: string;
  timeoutMs: number;
  /** The page's origin when the client runs in a page (cross-origin rules apply); absent in Node. */
  pageOrigin?: string;
  /** Whether credentials were sent (a bearer token, an Authorization header). */
  sentCredentials?: boolean;
}

/** The headers a server must send for a page on another origin to use it over Streamable HTTP. */
export function corsHeadersNeeded(origin: string): string[] {
  return [
    `Access-Control-Allow-Origin: ${origin} (or *)`,
    'Access-Control-Allow-Methods: GET, POST, DELETE',
    'Access-Control-Allow-Headers: Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
    'Access-Control-Expose-Headers: Mcp-Session-Id, Mcp-Protocol-Version',
  ];
}

/** An error's own text, without the SDK's prefixes. */
export function errorText(error: unknown): string {
  // A fetch error quotes its URL whole, user and password too.
  const text = redactUrlCredentials(error instanceof Error ? error.message : String(error));
  const code = error instanceof Error && error.cause instanceof Error ? (error.cause as { code?: unknown }).code : undefined;
  const bare = text.replace(/^(?:MCP error -?\d+: )+/, '').replace(/^Streamable HTTP error: /, '');
  return typeof code === 'string' && !bare.includes(code) ? `${bare} (${code})` : bare;
}

/** The HTTP status of a Streamable HTTP transport error (its `code`), or `undefined`. */
function httpStatus(error: unknown): number | undefined {
  if (!(error instanceof Error) || !error.message.startsWith('Streamable HTTP error')) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' && code >= 100 ? code : undefined;
}

/** The system error code under a failed `fetch` in Node (`ECONNREFUSED`…), or of a failed spawn. */
function systemCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Whether the error is a failed parse of the server's answer (the SDK rejects with the schema's issues). */
function malformedIssues(error: unknown): string | undefined {
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return undefined;
  return issues
    .slice(0, 3)
    .map((issue: { path?: unknown[]; message?: string }) => `${(issue.path ?? []).join('.') || '(the result)'}: ${issue.message ?? 'invalid'}`)
    .join('; ');
}

/** Whether a protocol error carries `code` (its `code` is a plain number). */
function hasCode(error: McpError, code: ErrorCode): boolean {
  return error.code === Number(code);
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Why a server could not be reached, connected or asked: one sentence or two saying what
 * happened and what would fix it (the headers a server must send, the token it wants, the
 * program that is missing). Used for a failed connection and, through {@link describeCallError},
 * for a failed call.
 */
export function describeMcpError(error: unknown, context: McpErrorContext): string {
  const { serverName, target } = context;
  const status = httpStatus(error);
  if (status === 401) {
    const fix = context.sentCredentials
      ? 'The credentials sent were not accepted.'
      : context.pageOrigin !== undefined
        ? 'It wants credentials: give a bearer token when you connect it.'
        : 'It wants credentials: give the server "headers": {"Authorization": "Bearer ${YOUR_TOKEN_VARIABLE}"}.';
    return `${serverName} at ${target} refused the request: HTTP 401 Unauthorized. ${fix}`;
  }
  if (status === 403) return `${serverName} at ${target} refused the request: HTTP 403 Forbidden (${errorText(error)}).`;
  if (status === 404) return `Nothing at ${target} answers MCP requests (HTTP 404): check the endpoint's path (often /mcp).`;
  if (status === 400 && context.pageOrigin !== undefined && /session/i.test(errorText(error))) {
    return (
      `${serverName} at ${target} lost track of the session (HTTP 400: ${errorText(error)}). From a page this means the server did not let ` +
      'the page read its Mcp-Session-Id header: it must send Access-Control-Expose-Headers: Mcp-Session-Id (and Mcp-Protocol-Version).'
    );
  }
  if (status !== undefined) return `${serverName} at ${target} answered HTTP ${status}: ${errorText(error)}`;
  if (error instanceof TypeError && context.pageOrigin !== undefined && /fetch|network|load failed/i.test(error.message)) {
    return (
      `The page could not reach ${target}: either nothing answers there, or the server does not allow requests from this page's origin ` +
      `(CORS; a browser does not say which). A server a page can use must answer the preflight (OPTIONS) and every response with ` +
      `${corsHeadersNeeded(context.pageOrigin).join('; ')}.`
    );
  }
  if (error instanceof McpError && hasCode(error, ErrorCode.RequestTimeout)) {
    return `${serverName} did not answer within ${seconds(context.timeoutMs)} (its timeoutMs); the request was cancelled.`;
  }
  if (error instanceof McpError && hasCode(error, ErrorCode.ConnectionClosed)) {
    return `The connection to ${serverName} (${target}) closed${context.transport === 'stdio' ? ': the server process ended' : ''}.`;
  }
  const issues = malformedIssues(error);
  if (issues !== undefined) return `${serverName} answered with something that is not a valid MCP message: ${issues}.`;
  const code = systemCode(error);
  if (context.transport === 'stdio' && code === 'ENOENT') return `Could not start ${serverName}: no program "${target.split(' ')[0]}" was found.`;
  if (code === 'ECONNREFUSED') return `Nothing answers at ${target} (connection refused): is the server running?`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `The host of ${target} was not found (${code}).`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `The connection to ${serverName} at ${target} broke (${code}).`;
  return `${serverName} (${target}): ${errorText(error)}`;
}

/**
 * Why one tool call failed, as the model and the person read it: the server's own error, a
 * timeout, a malformed result, or the server gone (`lost`: why the connection was lost, when it was).
 */
export function describeCallError(error: unknown, context: McpErrorContext & { toolName: string; lost?: string }): string {
  if (context.lost !== undefined) return `The MCP server ${context.serverName} went away during the call to ${context.toolName}: ${context.lost}`;
  if (error instanceof McpError && hasCode(error, ErrorCode.RequestTimeout)) {
    return `${context.toolName} did not answer within ${seconds(context.timeoutMs)} (the server's timeoutMs); the call was cancelled.`;
  }
  if (error instanceof McpError && hasCode(error, ErrorCode.InvalidParams) && /structured content|output schema/i.test(error.message)) {
    return `${context.serverName} answered ${context.toolName} with a malformed result: ${errorText(error)}.`;
  }
  const issues = malformedIssues(error);
  if (issues !== undefined) return `${context.serverName} answered ${context.toolName} with a malformed result: ${issues}.`;
  if (error instanceof McpError) return `${context.serverName} refused ${context.toolName}: ${errorText(error)}`;
  return describeMcpError(error, context);
}
