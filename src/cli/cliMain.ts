/**
 * The built command line's one entry (dist-cli/cli.cjs, loaded by dist-cli/replay.js): the replay
 * on the main thread (or, as `import` or `watch`, those commands), a replay worker on a worker
 * thread (`--jobs`), which `workerPool.ts` starts with `REPLAY_WORKER` as its first argument, so
 * that the main thread need not load node:worker_threads to tell.
 */
import './v8LinearFallback';
import './sharedSignals';
import { REPLAY_WORKER } from './replayOptions';

const command = process.argv[2];
void (command === REPLAY_WORKER ? import('./replayWorker') : command === 'import' ? import('./import') : command === 'watch' ? import('./watch') : import('./replay'));
