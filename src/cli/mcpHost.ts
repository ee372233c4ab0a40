import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { openServer, type StdioLink } from '../tools/mcp/remote';
import type { McpHost } from '../tools/mcp/servers';
import type { RemoteServerSetting, StdioServerSetting } from '../tools/mcp/settings';
import type { ProcessOwner } from '../sandbox/ownedProcesses';

/** How much of a stdio server's standard error is kept for a "gone" message. */
const LAST_WORDS_CHARS = 600;

/**
 * `${NAME}` in `value` replaced by the environment variable NAME; the names that are not set are
 * returned instead, so the server is refused with them named rather than sent a hollow header.
 */
export function expandVariables(value: string, env: Readonly<Record<string, string | undefined>>): { ok: true; value: string } | { ok: false; missing: string[] } {
  const missing: string[] = [];
  const expanded = value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_whole, name: string) => {
    const found = env[name];
    if (found === undefined) missing.push(name);
    return found ?? '';
  });
  return missing.length > 0 ? { ok: false, missing } : { ok: true, value: expanded };
}

function expandAll(
  values: Readonly<Record<string, string>> | undefined,
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; values: Record<string, string> | undefined } | { ok: false; missing: string[] } {
  if (values === undefined) return { ok: true, values: undefined };
  const out: Record<string, string> = {};
  const missing: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    const expanded = expandVariables(value, env);
    if (expanded.ok) out[name] = expanded.value;
    else missing.push(...expanded.missing);
  }
  return missing.length > 0 ? { ok: false, missing } : { ok: true, values: out };
}

/**
 * Starts a stdio server through the SDK's transport: the program with its arguments, an
 * environment of the SDK's safe few variables (PATH, HOME, USER…) plus the setting's own and the
 * owner's mark (`mark`: what the server and its children carry, so they end with the run), and its
 * standard error kept (its end is what a "gone" message quotes) instead of mixed into ours.
 */
export function startStdioServer(server: StdioServerSetting, mark: Readonly<Record<string, string>> = {}): StdioLink {
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args ?? [],
    env: { ...getDefaultEnvironment(), ...server.env, ...mark },
    stderr: 'pipe',
  });
  let words = '';
  transport.stderr?.on('data', (chunk: Buffer | string) => {
    words = (words + chunk.toString()).slice(-LAST_WORDS_CHARS);
  });
  return { transport, lastWords: () => words.trim().split('\n').slice(-3).join(' / ') };
}

/**
 * The command line's MCP host: Streamable HTTP and stdio servers, with `${NAME}` in header and
 * environment values filled in from `env` (so a scenario file need not hold a token). Stdio
 * servers carry `owner`'s mark: whoever made the owner ends them all (and what they started) with
 * `owner.killAll()` once the run is over.
 */
export function createCliMcpHost(env: Readonly<Record<string, string | undefined>>, owner?: ProcessOwner): McpHost {
  return {
    async open(server: RemoteServerSetting) {
      const values = 'url' in server ? server.headers : server.env;
      const expanded = expandAll(values, env);
      if (!expanded.ok) {
        const names = [...new Set(expanded.missing)].join(', ');
        return { ok: false, message: `${server.name}: its ${'url' in server ? 'headers' : 'env'} refers to ${names}, not set in the environment.` };
      }
      if ('url' in server) return openServer(server, expanded.values ? { headers: expanded.values } : {});
      return openServer({ ...server, ...(expanded.values ? { env: expanded.values } : {}) }, { startStdio: (stdio) => startStdioServer(stdio, owner?.env) });
    },
  };
}
