/**
 * The built command line's one entry (dist-cli/cli.cjs, loaded by dist-cli/replay.js): the replay
 * on the main thread (or, as `import` or `watch`, those commands), a replay worker on a worker
 * thread (`--jobs`).
 */
import { isMainThread } from 'node:worker_threads';

const command = process.argv[2];
void (!isMainThread ? import('./replayWorker') : command === 'import' ? import('./import') : command === 'watch' ? import('./watch') : import('./replay'));
