import type { McpToolDefinition } from './connection';

/**
 * Tools that print the server process's environment (server-everything's `get-env`, its older
 * `printEnv`), by name with case and separators ignored. An environment holds credentials.
 */
const ENVIRONMENT_TOOLS = new Set(['getenv', 'printenv']);

/**
 * Why a page (a hosted playground) never offers a tool, or `undefined` when it may: a tool that
 * hands the server's environment variables to the page would put them in the timeline, the record
 * and every export. The command line offers it (the server is one the person started there).
 */
export function hostedRefusal(definition: Pick<McpToolDefinition, 'name'>): string | undefined {
  const key = definition.name.toLowerCase().replace(/[^a-z]/g, '');
  if (!ENVIRONMENT_TOOLS.has(key)) return undefined;
  return `refused in the page: ${definition.name} returns the server process's environment variables, which may hold secrets (the command line offers it)`;
}
