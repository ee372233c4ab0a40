import { Bash, InMemoryFs } from 'just-bash';
import { joinLineContinuations } from './lineContinuations';
import { isInside, relativeToRoot, resolveInsideRoot } from './paths';
import { posix } from './posixPath';
import type { DirEntry, ExecOptions, ExecResult, FileStat, InteractiveShell, Sandbox, SandboxFs, WalkEntry } from './types';
import { followSymlinks, type LinkReader } from './symlinks';
import { keptListing, textTree, versionedFs } from './virtualTextTree';
import { createVirtualShell } from './virtualShell';

/** Options of {@link createVirtualSandbox}. */
export interface VirtualSandboxOptions {
  /** Absolute workspace directory; `/workspace` by default. */
  root?: string;
}

/** How long an aborted command may take to hand back its partial output before we stop waiting. */
const ABORT_GRACE_MS = 50;
/** just-bash's own note on an aborted run; the caller reports the timeout or abort in its words. */
const ABORT_NOTE = 'bash: execution aborted\n';
/** How many shells with their own deadline a sandbox keeps (one per timeout, the oldest dropped). */
const DEADLINE_SHELLS_KEPT = 8;
/** just-bash's note on a run that passed its deadline (`maxExecutionTimeMs`): a timeout, in our words. */
const DEADLINE_NOTE = /bash: [^\n]*exceeded (?:its )?execution deadline[^\n]*\n?/;
const EXIT_TIMED_OUT = 124;
const EXIT_ABORTED = 130;

/**
 * The embedded sandbox: just-bash's in-memory file system and simulated bash (with rg, grep,
 * find, sed, awk, jq). Runs in the browser, in Node tests and on the command line. `files` are
 * paths relative to the root (or absolute inside it) and their text. Output is not streamed:
 * just-bash hands it back when the command ends.
 *
 * A command's timeout holds even for a loop that never yields to the event loop (`while true; do
 * :; done`), where no timer can fire: just-bash checks its deadline (`maxExecutionTimeMs`) at every
 * command it runs, so each timeout has its own instance over the same file system. A caller's
 * abort reaches a run only when it yields; such a loop then ends at its timeout.
 */
export function createVirtualSandbox(files: Record<string, string>, options: VirtualSandboxOptions = {}): Sandbox {
  const root = posix.normalize(options.root ?? '/workspace');
  const initial: Record<string, string> = {};
  for (const [path, content] of Object.entries(files)) {
    const resolved = resolveInsideRoot(root, path);
    if (!resolved.ok) throw new Error(`createVirtualSandbox: file ${JSON.stringify(path)}: ${resolved.error}`);
    initial[resolved.path] = content;
  }
  const versioned = versionedFs(new InMemoryFs(initial));
  const memory = versioned.fs;
  memory.mkdirSync(root, { recursive: true });
  // HOME is the workspace, as on the node sandbox, so `~` means the same on both (and to the rules).
  // The shell is made at the first command: a replay whose calls are all recorded never runs one,
  // and making it (every command's stub written under /bin) was a tenth of such a replay's time.
  let bash: Bash | undefined;
  const mainBash = (): Bash => (bash ??= new Bash({ fs: memory, cwd: root, env: { HOME: root } }));
  // A few timeouts recur (Bash's default, a scenario's own); a run that gives every call another
  // keeps only the last few shells.
  const withDeadline = new Map<number, Bash>();
  const bashWithin = (timeoutMs: number | undefined): Bash => {
    if (timeoutMs === undefined || !Number.isFinite(timeoutMs)) return mainBash();
    const deadline = Math.max(1, Math.ceil(timeoutMs));
    let instance = withDeadline.get(deadline);
    if (!instance) {
      instance = new Bash({ fs: memory, cwd: root, env: { HOME: root }, executionLimits: { maxExecutionTimeMs: deadline } });
      if (withDeadline.size >= DEADLINE_SHELLS_KEPT) withDeadline.delete(withDeadline.keys().next().value!);
      withDeadline.set(deadline, instance);
    }
    return instance;
  };
  const shells = new Set<InteractiveShell>();
  const links: LinkReader = {
    isSymlink: (path) => memory.lstat(path).then((info) => info.isSymbolicLink, () => undefined),
    readlink: (path) => memory.readlink(path),
    linkFree: (path) => memory.realpath(path).then((real) => real === path, () => false),
  };

  return {
    kind: 'virtual',
    root,
    fs: virtualFs(memory, versioned.version, (path) => followInside(links, root, path)),
    streamsOutput: false,
    async resolve(path) {
      const lexical = resolveInsideRoot(root, path);
      if (!lexical.ok) return lexical;
      const followed = await followSymlinks(links, root, lexical.path);
      if (!followed.ok) return followed;
      return followed.real === lexical.path ? lexical : { ok: true, path: lexical.path, real: followed.real };
    },
    relative: (path) => relativeToRoot(root, path),
    exec: (command, execOptions) => execute(bashWithin(execOptions?.timeoutMs), root, command, execOptions),
    shell() {
      const shell = createVirtualShell(mainBash(), root);
      shells.add(shell);
      return {
        ...shell,
        close() {
          shells.delete(shell);
          shell.close();
        },
      };
    },
    async dispose() {
      for (const shell of shells) shell.close();
      shells.clear();
    },
  };
}

/**
 * Where a read or write of `path` lands: a path inside the workspace with its links followed by
 * hand (as a real file system follows them, where just-bash's writeFile would replace the link
 * instead), refused if a link leads out; a path outside the workspace as it is (only the
 * playground's own code names one).
 */
async function followInside(links: LinkReader, root: string, path: string): Promise<string> {
  if (!isInside(root, path)) return path;
  const followed = await followSymlinks(links, root, path);
  if (!followed.ok) throw new Error(followed.error);
  return followed.real;
}

/** The port's file operations on just-bash's in-memory fs; reads and writes go through `follow`. */
function virtualFs(memory: InMemoryFs, version: () => number, follow: (path: string) => Promise<string>): SandboxFs {
  const fs: SandboxFs = {
    readFile: async (path) => memory.readFile(await follow(path)),
    writeFile: async (path, content) => memory.writeFile(await follow(path), content),
    async readdir(path) {
      const entries = await memory.readdirWithFileTypes(path);
      return entries.map(
        (entry): DirEntry => ({
          name: entry.name,
          type: entry.isSymbolicLink ? 'symlink' : entry.isDirectory ? 'directory' : 'file',
        }),
      );
    },
    async stat(path) {
      // Follow links like a real stat; a dangling link still exists, as a link.
      try {
        const info = await memory.stat(path);
        return statOf(info.isDirectory ? 'directory' : 'file', info.size, info.mtime);
      } catch {
        try {
          const link = await memory.lstat(path);
          return statOf('symlink', link.size, link.mtime);
        } catch {
          return null;
        }
      }
    },
    mkdir: (path) => memory.mkdir(path, { recursive: true }),
    rm: (path, rmOptions) => memory.rm(path, { recursive: rmOptions?.recursive ?? false }),
    rename: (from, to) => memory.mv(from, to),
    walk: keptListing(version, async () => {
      // One listing of the whole fs, kept until it changes, sorted as strings before anything is
      // made of it. Folders that hold something are known from their children; only the leaves
      // need an lstat (file, empty folder or link).
      const paths = memory.getAllPaths().filter((path) => path.startsWith('/')).sort();
      const parents = new Set<string>();
      // getAllPaths gives normalized absolute paths, so the parent is a plain cut (no normalize).
      for (const path of paths) parents.add(path.slice(0, path.lastIndexOf('/')));
      const types = await Promise.all(
        paths.map((path) => (parents.has(path) ? Promise.resolve('directory' as const) : memory.lstat(path).then(leafType, () => undefined))),
      );
      const entries: WalkEntry[] = [];
      for (let i = 0; i < paths.length; i++) {
        const type = types[i];
        if (type !== undefined) entries.push({ path: paths[i]!, type });
      }
      return entries;
    }),
  };
  fs.readTree = textTree(version, (root) => fs.walk(root), (path) => memory.readFile(path));
  return fs;
}

/** What a leaf of the listing is; links are not followed (like rg and find without -L), so none is listed. */
function leafType(info: { isSymbolicLink: boolean; isDirectory: boolean }): WalkEntry['type'] | undefined {
  return info.isSymbolicLink ? undefined : info.isDirectory ? 'directory' : 'file';
}

function statOf(type: FileStat['type'], size: number, mtime: Date): FileStat {
  return { type, size, mtimeMs: mtime.getTime() };
}

/**
 * Runs one command. The timeout and the caller's signal both abort just-bash's run; we then wait
 * a moment for its partial output, and return without it if it does not stop.
 */
async function execute(bash: Bash, root: string, command: string, options: ExecOptions = {}): Promise<ExecResult> {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) {
    return { exitCode: EXIT_ABORTED, stdout: '', stderr: '', timedOut: false, aborted: true };
  }
  const controller = new AbortController();
  let timedOut = false;
  let aborted = false;
  let grace: ReturnType<typeof setTimeout> | undefined;
  const stopped = new Promise<undefined>((resolve) => {
    controller.signal.addEventListener('abort', () => (grace = setTimeout(() => resolve(undefined), ABORT_GRACE_MS)), {
      once: true,
    });
  });
  const onAbort = () => {
    aborted = true;
    controller.abort(signal?.reason);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs !== undefined
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new Error(`timed out after ${timeoutMs} ms`));
        }, timeoutMs)
      : undefined;

  try {
    // just-bash's parser mis-joins `rm\⏎ x` into `rmx`; bash runs `rm x`. Join continuations as bash does.
    const run = bash.exec(joinLineContinuations(command), { cwd: options.cwd ?? root, env: options.env, signal: controller.signal });
    // If the run loses the race below, its eventual rejection must not go unhandled.
    run.catch(() => undefined);
    const finished = await Promise.race([run, stopped]);
    // A run that passed its deadline ended itself: a timeout, said in the caller's words.
    if (finished && DEADLINE_NOTE.test(finished.stderr)) timedOut = true;
    const stopCode = timedOut ? EXIT_TIMED_OUT : EXIT_ABORTED;
    const result: ExecResult = finished
      ? {
          exitCode: timedOut || aborted ? stopCode : finished.exitCode,
          stdout: finished.stdout,
          stderr: timedOut || aborted ? finished.stderr.replace(ABORT_NOTE, '').replace(DEADLINE_NOTE, '') : finished.stderr,
          timedOut,
          aborted,
        }
      : { exitCode: stopCode, stdout: '', stderr: '', timedOut, aborted };
    if (options.onOutput) {
      if (result.stdout) options.onOutput(result.stdout, 'stdout');
      if (result.stderr) options.onOutput(result.stderr, 'stderr');
    }
    return result;
  } finally {
    clearTimeout(timer);
    clearTimeout(grace);
    signal?.removeEventListener('abort', onAbort);
  }
}
