import { spawnSync } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import { createWatchServer } from './watchServer';

const USAGE = `usage: npm run watch -- LOG.jsonl|FOLDER [--port N]
Follows a Claude Code or Codex CLI session while it runs: serves the page on this machine only
(127.0.0.1) and streams the log to it, each new line as the agent writes it. FOLDER is a Claude Code
project's log folder (~/.claude/projects/<project>/) or a Codex CLI day's (~/.codex/sessions/YYYY/MM/DD/):
its most recently written session is followed. The log is read here and shown in your browser; it is
sent nowhere else.
`;

export interface WatchIo {
  /** The project's root: the page is built into ROOT/dist. */
  root: string;
  stdout(text: string): void;
  stderr(text: string): void;
}

/** `npm run watch`: resolves with the server once it listens, or with an exit code when it cannot start. */
export async function watchMain(argv: readonly string[], io: WatchIo): Promise<Server | number> {
  let target: string | undefined;
  let port = 5180;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      io.stdout(USAGE);
      return 0;
    }
    if (arg === '--port') {
      const value = argv[++i] ?? '';
      if (!/^\d+$/.test(value) || Number(value) > 65_535) return usage(io, `--port must be a port number, not "${value}"`);
      port = Number(value);
    } else if (arg.startsWith('--')) return usage(io, `unknown option ${arg}`);
    else if (target !== undefined) return usage(io, `only one LOG.jsonl or FOLDER may be given (got "${target}" and "${arg}")`);
    else target = arg;
  }
  if (target === undefined) return usage(io, 'LOG.jsonl or FOLDER is missing');
  const log = await resolveLog(resolve(target));
  if (typeof log !== 'string') {
    io.stderr(`watch: ${target}: ${log.problem}\n`);
    return 2;
  }
  const built = await ensurePage(io);
  if (built !== 0) return built;
  const server = createWatchServer(join(io.root, 'dist'), log);
  return new Promise((done) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      io.stderr(`watch: cannot listen on 127.0.0.1:${port}: ${error.code === 'EADDRINUSE' ? 'the port is in use (give another with --port N)' : error.message}\n`);
      done(2);
    });
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      io.stdout(`watching ${log}\nopen http://127.0.0.1:${actual}/?watch in your browser (Ctrl+C stops)\n`);
      done(server);
    });
  });
}

/** The log to follow: the file itself, or a folder's most recently written `.jsonl`. */
export async function resolveLog(path: string): Promise<string | { problem: string }> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return { problem: 'no such file or folder' };
  }
  if (info.isFile()) return path.endsWith('.jsonl') ? path : { problem: 'not a session log (a .jsonl file)' };
  const logs = await Promise.all(
    (await readdir(path)).filter((name) => name.endsWith('.jsonl')).map(async (name) => ({ path: join(path, name), at: (await stat(join(path, name))).mtimeMs })),
  );
  if (logs.length === 0) return { problem: 'no session log (*.jsonl) in this folder' };
  return logs.sort((a, b) => b.at - a.at)[0]!.path;
}

/** Builds the page when dist/ is missing or older than its sources. */
async function ensurePage(io: WatchIo): Promise<number> {
  const builtAt = await stat(join(io.root, 'dist', 'index.html')).then((info) => info.mtimeMs, () => 0);
  const newest = Math.max(...(await Promise.all(['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((name) => newestChange(join(io.root, name))))));
  if (builtAt >= newest) return 0;
  io.stderr(builtAt === 0 ? 'watch: building the page (once)…\n' : 'watch: the page’s sources changed since it was built: building it again…\n');
  const build = spawnSync(process.execPath, [join(io.root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'], { cwd: io.root, stdio: 'inherit' });
  if (build.status === 0) return 0;
  io.stderr('watch: the page could not be built (see above); `npm run build` shows why\n');
  return 2;
}

async function newestChange(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  return Math.max(info.mtimeMs, ...(await Promise.all(entries.map((name) => newestChange(join(path, name))))));
}

function usage(io: WatchIo, message: string): number {
  io.stderr(`watch: ${message}\n${USAGE}`);
  return 2;
}
