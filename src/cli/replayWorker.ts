/**
 * A worker thread of a multi-scenario replay (`--jobs N`): replays each scenario it is sent and
 * posts the result back (see `workerPool.ts`).
 */
import { parentPort } from 'node:worker_threads';
import { readSessionFiles, readTextFile } from './nodeFiles';
import { replayOne, type ReplayOptions } from './replayOne';
import { REPLAY_WORKER } from './replayOptions';

const port = parentPort;
if (port === null) {
  process.stderr.write(`replay: ${REPLAY_WORKER} is for the command's own worker threads (--jobs)\n`);
  process.exitCode = 2;
} else {
  port.on('message', (job: { name: string; options: ReplayOptions }) => {
    void replayOne(job.name, job.options, { readFile: readTextFile, readSessionFiles }).then(
      (result) => port.postMessage({ result }),
      (error: unknown) => {
        const message = `replay: internal error: ${error instanceof Error ? error.message : String(error)}`;
        port.postMessage({ result: { name: job.name, code: 2, summary: message, failures: [message], wallMs: 0 } });
      },
    );
  });
}
