import { createContext, useCallback, useContext, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * The height of an item never drawn, guessed from those drawn: items are made of units (a turn of
 * its results), and a unit is as tall as the units measured, on average. A fixed guess is wrong
 * whenever the list is narrower or wider than the one it was taken from, and a list whose
 * stand-ins are too short or too tall moves under its reader as their items are drawn.
 */
export class HeightGuess {
  private readonly latest = new WeakMap<object, { height: number; units: number }>();
  private height = 0;
  private units = 0;

  /** `item`, made of `units` units, is now `height` pixels tall (replacing what it was). */
  learn(item: object, height: number, units: number): void {
    if (!(height > 0) || !(units > 0)) return;
    const old = this.latest.get(item);
    if (old) {
      this.height -= old.height;
      this.units -= old.units;
    }
    this.latest.set(item, { height, units });
    this.height += height;
    this.units += units;
  }

  /** How tall `item` was when last measured, if it has been. */
  of(item: object): number | undefined {
    return this.latest.get(item)?.height;
  }

  /** How tall an item of `units` units likely is; `undefined` until one has been measured. */
  guess(units: number): number | undefined {
    return this.units === 0 ? undefined : Math.round((this.height / this.units) * units);
  }
}

/**
 * Tells elements whether they are near a scrolling list's view: within `marginPx` above or below
 * it (one IntersectionObserver for the whole list). Items drawn are measured as they change size
 * (one ResizeObserver) into {@link heights}, so what stands in for one keeps its height and those
 * never drawn are guessed; neither observer makes the page lay out. A list scrolled to its end is
 * kept there as the items drawn at its end change size.
 */
export interface NearWatch {
  /** Calls `onChange` whenever `element` comes near the view or leaves it; returns the unwatch. */
  watch(element: Element, onChange: (near: boolean) => void): () => void;
  /** Calls `onResize` with `element`'s height as it is laid out and whenever it changes; returns the unmeasure. */
  measure(element: Element, onResize: (height: number) => void): () => void;
  /** The heights of the items drawn so far, and what they say of those not yet drawn. */
  readonly heights: HeightGuess;
  disconnect(): void;
}

export function createNearWatch(root: Element, marginPx: number): NearWatch {
  const listeners = new Map<Element, (near: boolean) => void>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
    },
    { root, rootMargin: `${marginPx}px 0px` },
  );
  // A list its reader scrolled to the end stays at its end while the items drawn there settle to
  // their heights (or grow, in a live run): else the end they asked for slides out of view.
  let atEnd = false;
  const onScroll = () => {
    atEnd = root.scrollTop + root.clientHeight >= root.scrollHeight - 2;
  };
  root.addEventListener('scroll', onScroll, { passive: true });
  const resizeListeners = new Map<Element, (height: number) => void>();
  const sizes =
    typeof ResizeObserver === 'undefined'
      ? undefined
      : new ResizeObserver((entries) => {
          for (const entry of entries) resizeListeners.get(entry.target)?.(entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height);
          if (atEnd) root.scrollTop = root.scrollHeight;
        });
  return {
    heights: new HeightGuess(),
    watch(element, onChange) {
      listeners.set(element, onChange);
      observer.observe(element);
      return () => {
        observer.unobserve(element);
        listeners.delete(element);
      };
    },
    measure(element, onResize) {
      if (!sizes) return () => {};
      resizeListeners.set(element, onResize);
      sizes.observe(element);
      return () => {
        sizes.unobserve(element);
        resizeListeners.delete(element);
      };
    },
    disconnect() {
      root.removeEventListener('scroll', onScroll);
      observer.disconnect();
      sizes?.disconnect();
      listeners.clear();
      resizeListeners.clear();
    },
  };
}

/** The list's watch, for the items in it; `null`: every item is drawn (no list, or no IntersectionObserver). */
export const NearWatchContext = createContext<NearWatch | null>(null);

/** A watch on the scrolling element `rootRef` while `on`, or `null`. */
export function useNearWatch(rootRef: RefObject<Element | null>, on: boolean, marginPx: number): NearWatch | null {
  const [watch, setWatch] = useState<NearWatch | null>(null);
  useEffect(() => {
    const root = rootRef.current;
    if (!on || !root || typeof IntersectionObserver === 'undefined') return;
    const made = createNearWatch(root, marginPx);
    setWatch(made);
    return () => {
      made.disconnect();
      setWatch(null);
    };
  }, [rootRef, on, marginPx]);
  return watch;
}

/** What {@link useNear} says of an item: put `drawnRef` on it drawn, `awayRef` on what stands in for it. */
export interface Nearness {
  drawnRef: (element: Element | null) => void;
  awayRef: (element: Element | null) => void;
  near: boolean;
  /**
   * The height to stand in at while away: the item's own when it was last drawn, else what the
   * items drawn so far suggest; `undefined` while none has been measured.
   */
  awayHeight: number | undefined;
}

/**
 * Whether an item of `units` units is near its list's view, and how tall to stand in while it is
 * not. Without a watch everything is near; with one, an item starts away and is told within a
 * frame. While drawn, its height teaches the list's {@link HeightGuess}.
 */
export function useNear(units: number): Nearness {
  const watch = useContext(NearWatchContext);
  const [target, setTarget] = useState<{ element: Element; drawn: boolean } | null>(null);
  const [near, setNear] = useState(false);
  const drawnRef = useCallback((element: Element | null) => setTarget(element && { element, drawn: true }), []);
  const awayRef = useCallback((element: Element | null) => setTarget(element && { element, drawn: false }), []);
  // This item, to the heights: one entry however often it is measured; its units as they grow.
  const [item] = useState(() => ({}));
  const unitsNow = useRef(units);
  useEffect(() => {
    unitsNow.current = units;
  }, [units]);
  useEffect(() => {
    if (!watch || !target) return;
    const unwatch = watch.watch(target.element, setNear);
    const unmeasure = target.drawn ? watch.measure(target.element, (height) => watch.heights.learn(item, height, unitsNow.current)) : undefined;
    return () => {
      unwatch();
      unmeasure?.();
    };
  }, [watch, target, item]);
  if (!watch) return { drawnRef, awayRef, near: true, awayHeight: undefined };
  return { drawnRef, awayRef, near, awayHeight: watch.heights.of(item) ?? watch.heights.guess(units) };
}
