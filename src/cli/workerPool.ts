import { Worker } from 'node:worker_threads';
import type { ReplayLane } from './replayIo';
import type { ReplayOptions, ReplayResult } from './replayOne';
import { REPLAY_WORKER } from './replayOptions';

/**
 * A worker thread running `workerUrl` (the built loader, dist-cli/replay.js) as a lane of a
 * multi-scenario replay: it replays one scenario at a time. A job sent while the worker still
 * starts waits for it.
 */
export function createWorkerLane(workerUrl: URL): ReplayLane {
  const worker = new Worker(workerUrl, { argv: [REPLAY_WORKER] });
  let pending: { resolve(result: ReplayResult): void; reject(error: Error): void } | undefined;
  worker.on('message', (message: { result: ReplayResult }) => {
    const job = pending;
    pending = undefined;
    job?.resolve(message.result);
  });
  worker.on('error', (error) => {
    const job = pending;
    pending = undefined;
    job?.reject(error);
  });
  return {
    run(name: string, options: ReplayOptions) {
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
