/**
 * The built command line's one entry (dist-cli/cli.cjs, loaded by dist-cli/replay.js): the replay
 * on the main thread, a replay worker on a worker thread (`--jobs`).
 */
import { isMainThread } from 'node:worker_threads';

void (isMainThread ? import('./replay') : import('./replayWorker'));
