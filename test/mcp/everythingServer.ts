import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The entry of `@modelcontextprotocol/server-everything` (a dev dependency): `node ENTRY stdio|streamableHttp`. */
export const EVERYTHING_ENTRY = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** A running server-everything over Streamable HTTP, reachable only through a Unix socket on this machine. */
export interface EverythingHttpServer {
  /** The socket the server listens on (a loopback proxy forwards to it: see `mcpProxy.ts`). */
  socketPath: string;
  process: ChildProcess;
  /** What the server wrote, for a failing test's message. */
  output(): string;
  /** Kills it at once (SIGKILL): the server gone mid-run. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** Stops it and removes its socket folder. */
  stop(): Promise<void>;
}

/**
 * Starts the real server-everything with its `streamableHttp` transport. It reads its port from
 * `PORT` and listens on every interface when given a number; given a socket path it listens there
 * only, so nothing but this machine's processes reach it (its `get-env` tool prints the server's
 * environment). The environment it gets is `env` and PATH, nothing of the test's own.
 */
export async function startEverythingHttp(options: { env?: Record<string, string> } = {}): Promise<EverythingHttpServer> {
  const folder = mkdtempSync(join(tmpdir(), 'mcp-everything-'));
  const socketPath = join(folder, 'mcp.sock');
  const child = spawn(process.execPath, [EVERYTHING_ENTRY, 'streamableHttp'], {
    env: { PATH: process.env.PATH ?? '', ...options.env, PORT: socketPath },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything did not start within 15 s:\n${output}`)), 15_000);
    const check = () => {
      if (output.includes('listening on port')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stderr.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited with ${code}:\n${output}`));
    });
  });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return {
    socketPath,
    process: child,
    output: () => output,
    kill,
    stop: async () => {
      await kill();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
