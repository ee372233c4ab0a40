/**
 * Many calls wait on one signal by design: recorded calls replayed together listen on their turn's
 * signal instead of each making a controller (tools/recordedCall.ts), so a turn of thirty parallel
 * Reads adds thirty listeners to one AbortSignal. Node counts that as a possible leak past ten and
 * prints a MaxListenersExceededWarning on standard error, which must carry only progress and
 * errors; the page's browsers print nothing. The limit is off for every EventTarget made after this,
 * on each thread that loads it (the main thread and every replay worker).
 */
import { setMaxListeners } from 'node:events';

setMaxListeners(0);
