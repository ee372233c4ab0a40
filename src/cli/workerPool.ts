import { Worker } from 'node:worker_threads';
import type { ReplayLane } from './replayIo';
import type { ReplayOptions, ReplayResult } from './replayOne';
import { REPLAY_WORKER } from './replayOptions';

/**
 * How large a worker lane's heap may grow, in MiB. V8 lets a heap grow well past what it holds
 * live before it collects: capped, a lane replaying a folder's sessions one after another stays
 * near what its largest session needs (a 4 MB log needs about 50 MiB), so a folder's replay stays
 * in a few hundred MiB however many sessions it holds. A session that needs more fails its lane
 * (`OutOfMemory`) and is replayed again on the command's own thread, which has no such cap.
 */
export const WORKER_HEAP_MB = 128;

/** A lane's replay that ran out of its heap: replay it where there is more room. */
export class OutOfMemory extends Error {}

/**
 * A worker thread running `workerUrl` (the built loader, dist-cli/replay.js) as a lane of a
 * multi-scenario replay: it replays one scenario at a time. A job sent while the worker still
 * starts waits for it.
 */
export function createWorkerLane(workerUrl: URL, heapMb = WORKER_HEAP_MB): ReplayLane {
  const worker = new Worker(workerUrl, { argv: [REPLAY_WORKER], resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 12 } });
  let pending: { resolve(result: ReplayResult): void; reject(error: Error): void } | undefined;
  let gone = false;
  worker.on('exit', () => (gone = true));
  worker.on('message', (message: { result: ReplayResult }) => {
    const job = pending;
    pending = undefined;
    job?.resolve(message.result);
  });
  worker.on('error', (error) => {
    const job = pending;
    pending = undefined;
    job?.reject((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? new OutOfMemory(error.message) : error);
  });
  return {
    run(name: string, options: ReplayOptions) {
      if (gone) return Promise.reject(new OutOfMemory('the lane ran out of memory before'));
      if (pending) return Promise.reject(new Error('a worker lane runs one scenario at a time'));
      return new Promise<ReplayResult>((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage({ name, options });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
