import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type RefObject } from 'react';
import type { Lane } from './laneLayout';
import { ROW_HEIGHT } from './TimelineLane';

/** A lane looked at, and where its card goes (x in the body, in pixels). */
export interface Anchor {
  readonly id: string;
  readonly x: number;
}

/** The lane chosen for "why?", and the moment clicked in it (`null`: the lane as a whole). */
export interface Chosen {
  readonly id: string;
  readonly at: number | null;
}

export interface LaneInteractionInput {
  lanesById: ReadonlyMap<string, Lane>;
  laneCount: number;
  /** The height of the rows in view, in pixels. */
  viewportRows: number;
  labelWidth: number;
  /** Track x → run time. */
  time: (x: number) => number;
  onFocusCall: ((id: string | null) => void) | undefined;
  onScrollRow: (row: number) => void;
  /** The pointer is at x in the body over the track (`null`: off the track or gone). */
  onPointerAt: (x: number | null) => void;
  refs: {
    scroller: RefObject<HTMLDivElement | null>;
    list: RefObject<HTMLDivElement | null>;
    body: RefObject<HTMLDivElement | null>;
  };
}

/**
 * How the lanes answer the keyboard and the pointer: one lane in the tab order (arrows, Home,
 * End and the page keys move it), focus or a click chooses a lane for the why line, the pointer
 * hovers a lane for its card and moves the time readout, Escape lets go.
 */
export function useLaneInteraction({ lanesById, laneCount, viewportRows, labelWidth, time, onFocusCall, onScrollRow, onPointerAt, refs }: LaneInteractionInput) {
  const pendingFocus = useRef(false);
  const [focusRow, setFocusRow] = useState(0);
  const [hovered, setHovered] = useState<Anchor | null>(null);
  const [focused, setFocused] = useState<Anchor | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  // Focus that came with a click shows the why line, not the card (the pointer has its hover).
  const [pointerFocus, setPointerFocus] = useState(false);
  const tabRow = Math.max(0, Math.min(focusRow, laneCount - 1));

  useEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    refs.list.current?.querySelector<HTMLElement>(`[data-row="${tabRow}"]`)?.focus({ preventScroll: true });
  }, [tabRow, refs.list]);

  const scrollToRow = (row: number) => {
    const scroller = refs.scroller.current;
    if (!scroller) return;
    const top = row * ROW_HEIGHT;
    if (top < scroller.scrollTop) scroller.scrollTo({ top });
    else if (top + ROW_HEIGHT > scroller.scrollTop + viewportRows) scroller.scrollTo({ top: top + ROW_HEIGHT - viewportRows });
    onScrollRow(Math.floor(scroller.scrollTop / ROW_HEIGHT));
  };

  const moveFocus = (row: number) => {
    scrollToRow(row);
    pendingFocus.current = true;
    setFocusRow(row);
  };

  const choose = (id: string) => {
    const lane = lanesById.get(id);
    if (lane) moveFocus(lane.row);
  };

  /** Chooses a call and scrolls its lane into view, leaving focus where it is (the filter box). */
  const reveal = (id: string) => {
    const lane = lanesById.get(id);
    if (!lane) return;
    scrollToRow(lane.row);
    setFocusRow(lane.row);
    setChosen({ id, at: null });
    onFocusCall?.(id);
  };

  const laneOf = (target: EventTarget | null): Lane | undefined => {
    const element = target instanceof Element ? target.closest<HTMLElement>('[data-testid="call"]') : null;
    return element?.dataset.callId !== undefined ? lanesById.get(element.dataset.callId) : undefined;
  };

  const list = {
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      if (laneCount === 0) return;
      const page = Math.max(1, Math.floor(viewportRows / ROW_HEIGHT) - 1);
      const next: Record<string, number> = { ArrowDown: tabRow + 1, ArrowUp: tabRow - 1, Home: 0, End: laneCount - 1, PageDown: tabRow + page, PageUp: tabRow - page };
      if (event.key === 'Escape') {
        setHovered(null);
        setFocused(null);
        setChosen(null);
        return;
      }
      const row = next[event.key];
      if (row === undefined) return;
      event.preventDefault();
      moveFocus(Math.max(0, Math.min(laneCount - 1, row)));
    },
    onFocus: (event: FocusEvent<HTMLDivElement>) => {
      // Any row takes the tab stop when it takes focus (a folded turn's row too, which is no call's).
      const row = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-row]')?.dataset.row : undefined;
      if (row !== undefined) setFocusRow(Number(row));
      const lane = laneOf(event.target);
      if (!lane) return;
      setFocused({ id: lane.call.id, x: (refs.scroller.current?.scrollLeft ?? 0) + labelWidth + 8 });
      setChosen((old) => (old?.id === lane.call.id ? old : { id: lane.call.id, at: null }));
      onFocusCall?.(lane.call.id);
    },
    onBlur: (event: FocusEvent<HTMLDivElement>) => {
      if (event.relatedTarget instanceof Node && refs.list.current?.contains(event.relatedTarget)) return;
      setPointerFocus(false);
      setFocused(null);
      onFocusCall?.(null);
    },
    onPointerDown: () => setPointerFocus(true),
    onClick: (event: MouseEvent<HTMLDivElement>) => {
      const lane = laneOf(event.target);
      const body = refs.body.current;
      if (!lane || !body) return;
      const trackX = event.clientX - body.getBoundingClientRect().left - labelWidth;
      setChosen({ id: lane.call.id, at: trackX >= 0 ? time(trackX) : null });
    },
  };

  const body = {
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
      const trackX = x - labelWidth;
      onPointerAt(trackX >= 0 ? x : null);
      const lane = laneOf(event.target);
      if (lane?.call.id !== hovered?.id) setHovered(lane ? { id: lane.call.id, x: Math.max(labelWidth, x) + 12 } : null);
    },
    onPointerLeave: () => {
      setHovered(null);
      onPointerAt(null);
    },
  };

  const active = hovered ?? (pointerFocus ? null : focused);
  return { tabRow, hovered, chosen, active, choose, reveal, list, body };
}
