/** Every shortcut of the page, as the `?` dialog lists it: the keys, and what they do. */
export interface Shortcut {
  readonly keys: readonly string[];
  readonly does: string;
}

export const SHORTCUT_GROUPS: readonly { readonly title: string; readonly where: string; readonly shortcuts: readonly Shortcut[] }[] = [
  {
    title: 'The run',
    where: 'anywhere but in a field or an editor',
    shortcuts: [
      { keys: ['Space'], does: 'Run, or pause and go on' },
      { keys: ['.'], does: 'One step: the next event of the run' },
      { keys: ['Escape'], does: 'Stop the run' },
      { keys: ['/'], does: 'Go to the filter over the lanes (long runs and sessions)' },
      { keys: ['?'], does: 'This list' },
    ],
  },
  {
    title: 'The lanes',
    where: 'with a lane focused',
    shortcuts: [
      { keys: ['↑', '↓'], does: 'The lane above or below (Home, End and the page keys go further)' },
      { keys: ['Enter', '→', '←'], does: 'On a folded turn’s row: unfold it, or fold it again' },
      { keys: ['Escape'], does: 'Let go of the lane chosen' },
    ],
  },
  {
    title: 'The time axis',
    where: 'over the timeline',
    shortcuts: [
      { keys: ['Ctrl + wheel', 'pinch'], does: 'Zoom at the pointer' },
      { keys: ['W', 'S'], does: 'Zoom in and out at the chosen call (+ and − too)' },
      { keys: ['A', 'D'], does: 'Pan earlier and later' },
    ],
  },
  {
    title: 'The filter',
    where: 'in the filter box',
    shortcuts: [
      { keys: ['Enter', 'Shift + Enter'], does: 'The next or the previous match, chosen and brought into view' },
      { keys: ['Escape'], does: 'Empty the filter' },
    ],
  },
];
