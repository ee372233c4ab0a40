import { createProgress } from './progress';
import { OutOfMemory } from './workerPool';
import { replayOne, type ReplayResult } from './replayOne';
import type { CliArgs, CliIo, ReplayLane } from './replayIo';

/**
 * Replays `names` on lanes, `--jobs` at a time, handing each result to `onResult` as it comes (in
 * the order they finish; `index` says where each was in `names`). The progress line says each
 * one's name and `verdict`. Returns how many lanes ran and the wall time.
 */
export async function runOnLanes(
  names: readonly string[],
  args: CliArgs,
  io: CliIo,
  options: {
    label: string;
    verdict: (result: ReplayResult) => string;
    onResult: (result: ReplayResult, index: number) => void;
    /** The files read with each log, by its name (a Codex session's sub-agents' rollouts). */
    companions?: ReadonlyMap<string, readonly string[]>;
  },
): Promise<{ lanes: number; wallMs: number }> {
  const started = performance.now();
  const jobs = Math.max(1, Math.min(args.jobs ?? io.cores ?? 1, names.length));
  const progress = createProgress(options.label, names.length, { stream: io.progressStream ?? { isTTY: false, write: () => undefined }, ...(io.env ? { env: io.env } : {}) });
  let next = 0;
  let done = 0;
  const drain = async (lane: ReplayLane, afterEach?: (wallMs: number) => void) => {
    for (let index = next++; index < names.length; index = next++) {
      const name = names[index]!;
      const companions = options.companions?.get(name);
      const asked = companions ? { ...args, companions } : args;
      // A session too large for a worker's heap is replayed again here, where the heap has no cap.
      const result = await lane.run(name, asked).catch((error: unknown) => {
        if (error instanceof OutOfMemory && lane !== here) return replayOne(name, asked, io);
        throw error;
      });
      options.onResult(result, index);
      progress.update(++done, `${result.id ?? result.name} ${options.verdict(result)}`);
      afterEach?.(result.wallMs);
    }
  };
  // This thread is the first lane: its code is loaded, so it starts at once. Worker lanes cost about
  // what this process took to start (`startupMs`); with --jobs given they start at once, else only
  // when the replays left (at this lane's median pace) would take longer than two of those starts.
  const workers: Promise<void>[] = [];
  const opened: ReplayLane[] = [];
  const openWorkers = () => {
    for (let k = 1; k < jobs && io.lane; k++) {
      workers.push(
        io.lane().then((lane) => {
          opened.push(lane);
          return drain(lane);
        }),
      );
    }
  };
  if (args.jobs !== undefined) openWorkers();
  const here: ReplayLane = { run: (name, replayOptions) => replayOne(name, replayOptions, io), close: async () => undefined };
  progress.update(0, names[0]);
  try {
    const times: number[] = [];
    await drain(here, (wallMs) => {
      times.push(wallMs);
      if (workers.length > 0 || args.jobs !== undefined || times.length < 3) return;
      // The median of this lane's replays so far: the first runs on cold code, and one may load a big part (the MCP SDK).
      const pace = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
      if ((names.length - next) * pace > 2 * (io.startupMs ?? 0)) openWorkers();
    });
    await Promise.all(workers);
  } finally {
    progress.end();
    await Promise.all(opened.map((lane) => lane.close()));
  }
  return { lanes: 1 + opened.length, wallMs: performance.now() - started };
}
