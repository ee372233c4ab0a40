import type { Clock } from '../time/clock';
import type { Sandbox, SandboxFs } from './types';

/**
 * The sandbox seen through a clock: every file operation and command is marked as real work, so
 * a virtual clock holds still while it runs (real work then takes no virtual time, and a replay's
 * timings stay exactly the scenario's, whatever the machine). With a real clock this changes nothing.
 */
export function withClockTracking(sandbox: Sandbox, clock: Clock): Sandbox {
  const fs = sandbox.fs;
  const tracked: SandboxFs = {
    readFile: (path) => clock.track(fs.readFile(path)),
    writeFile: (path, content) => clock.track(fs.writeFile(path, content)),
    readdir: (path) => clock.track(fs.readdir(path)),
    stat: (path) => clock.track(fs.stat(path)),
    mkdir: (path) => clock.track(fs.mkdir(path)),
    rm: (path, options) => clock.track(fs.rm(path, options)),
    rename: (from, to) => clock.track(fs.rename(from, to)),
    walk: (root) => clock.track(fs.walk(root)),
    ...(fs.readTree ? { readTree: (root: string) => clock.track(fs.readTree!(root)) } : {}),
  };
  return {
    kind: sandbox.kind,
    root: sandbox.root,
    streamsOutput: sandbox.streamsOutput,
    fs: tracked,
    resolve: (path) => clock.track(sandbox.resolve(path)),
    relative: (path) => sandbox.relative(path),
    exec: (command, options) => clock.track(sandbox.exec(command, options)),
    ...(sandbox.ripgrep ? { ripgrep: (args: readonly string[], options: { cwd: string; signal?: AbortSignal }) => clock.track(sandbox.ripgrep!(args, options)) } : {}),
    ...(sandbox.shell ? { shell: () => sandbox.shell!() } : {}),
    dispose: () => sandbox.dispose(),
  };
}
