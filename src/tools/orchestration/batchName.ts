/**
 * A batch as people count it: "batch 1" is a turn's first. The record keeps each batch's `index`
 * from 0 (the contract of its JSON); every text made for people, on the page and in the
 * exporters, names batches through here, so one numbering reads everywhere.
 */
export function batchName(index: number): string {
  return `batch ${index + 1}`;
}
