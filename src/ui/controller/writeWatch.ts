import type { RunEvent } from '../../tools/events';

/**
 * Tells, batch by batch of a run's events, whether the sandbox may hold new writes, so the page
 * reads the workspace again only then. A call the engine ran as concurrency-safe does not write
 * (that is what lets it run beside others), so only the completion of an unsafe call counts;
 * while a background shell runs, anything may have been written, so every completion counts,
 * and so does a shell's end.
 */
export function writeWatch(): (events: readonly RunEvent[]) => boolean {
  const unsafe = new Set<string>();
  const shells = new Set<string>();
  return (events) => {
    let wrote = false;
    for (const event of events) {
      switch (event.type) {
        case 'call_queued':
          if (!event.concurrencySafe) unsafe.add(event.id);
          break;
        case 'call_completed':
          if (unsafe.delete(event.id) || shells.size > 0) wrote = true;
          break;
        case 'background_started':
          shells.add(event.id);
          break;
        case 'background_ended':
          shells.delete(event.id);
          wrote = true;
          break;
        default:
          break;
      }
    }
    return wrote;
  };
}
