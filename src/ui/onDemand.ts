import { startTransition, useEffect, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';

/**
 * A heavy part of the page that loads when a person first reaches for it, not with the page
 * (Monaco, xterm.js): until then its pane draws a light preview of the same text. Once wanted it
 * stays wanted for the page's life, so every pane of that part switches together.
 */
export interface Demand {
  /** Whether the part was asked for. */
  readonly wanted: () => boolean;
  /** Asks for it (a pointer over its pane, a click, focus, a key); once is enough. */
  readonly want: () => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createDemand(): Demand {
  let wanted = false;
  const listeners = new Set<() => void>();
  return {
    wanted: () => wanted,
    want() {
      if (wanted) return;
      wanted = true;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Whether `demand` was asked for, as React state. The change comes in a transition: while the
 * part's code loads, React keeps the preview on the page (the same element, so a focus or a click
 * on it is not lost to a swap) instead of drawing a fallback, and swaps once the part can draw.
 */
export function useWanted(demand: Demand): boolean {
  const [wanted, setWanted] = useState(demand.wanted);
  useEffect(() => {
    const update = () => startTransition(() => setWanted(demand.wanted()));
    update();
    return demand.subscribe(update);
  }, [demand]);
  return wanted;
}

/**
 * Where the person's focus was headed when the part was asked for: the part, once mounted, takes
 * the focus (and, after a click, the caret where they clicked) if nothing else took it meanwhile.
 */
export interface PendingFocus {
  /** How the preview was entered: a click enters for editing, the keyboard passes through. */
  by: 'pointer' | 'keyboard';
  x?: number;
  y?: number;
}

/** The pending focus of each part's pane (by its test id), taken once by the part that mounts there. */
export type FocusHandOff = ReturnType<typeof createFocusHandOff>;

export function createFocusHandOff() {
  const pending = new Map<string, PendingFocus>();
  return {
    note(key: string, focus: PendingFocus) {
      pending.set(key, focus);
    },
    /** Forgets the pane's pending focus: the person went elsewhere before the part came. */
    drop(key: string) {
      pending.delete(key);
    },
    /** Whether the pane's pending focus came from a click (a click focuses too; it stays a click). */
    byPointer(key: string): boolean {
      return pending.get(key)?.by === 'pointer';
    },
    /** The pane's pending focus, if the person is still there (nothing else holds the focus). */
    take(key: string, host: HTMLElement): PendingFocus | undefined {
      const focus = pending.get(key);
      pending.delete(key);
      if (!focus) return undefined;
      const active = document.activeElement;
      return active === null || active === document.body || host.contains(active) ? focus : undefined;
    },
  };
}

/**
 * The events by which a preview asks for its part: a pointer over it, a click (noted with where it
 * fell), focus (noted as the keyboard's, unless a click brought it), a key other than Tab. A focus
 * that moves on to another element before the part comes is forgotten.
 */
export function previewEntries(demand: Demand, focus: FocusHandOff, key: string) {
  return {
    onPointerEnter: () => demand.want(),
    onPointerDown: (event: PointerEvent) => {
      focus.note(key, { by: 'pointer', x: event.clientX, y: event.clientY });
      demand.want();
    },
    onFocus: () => {
      if (!focus.byPointer(key)) focus.note(key, { by: 'keyboard' });
      demand.want();
    },
    onBlur: (event: FocusEvent) => {
      if (event.relatedTarget !== null) focus.drop(key);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Tab') demand.want();
    },
  };
}
