/*
 * Small choices a person makes about the page (a pane's size, a folded key), remembered per
 * browser in localStorage under `tsp.*`. Storage may be off or full: then the choice holds for
 * this page only, and nothing fails.
 */

/** The value remembered under `key`, or `undefined`. */
export function readPreference(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Remembers `value` under `key`, where storage allows. */
export function writePreference(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage off or full: the choice holds for this page.
  }
}
