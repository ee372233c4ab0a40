/**
 * A batch as people count it: "batch 1" is a turn's first. The record keeps each batch's `index`
 * from 0 (the contract of its JSON); every text made for people, on the page and in the
 * exporters, names batches through here, so one numbering reads everywhere.
 */
export function batchName(index: number): string {
  return `batch ${index + 1}`;
}

/**
 * A call's batch as people count it, or `null` for a call no batch holds: a session as it ran
 * (run/observedRecord.ts) knows when each call ran, not how a scheduler grouped them (`-1`).
 */
export function callBatchName(batch: number): string | null {
  return batch < 0 ? null : batchName(batch);
}
