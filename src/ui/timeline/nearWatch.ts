import { createContext, useContext, useEffect, useState, type RefObject } from 'react';

/**
 * Tells elements whether they are near a scrolling list's view: within `marginPx` above or below
 * it. One IntersectionObserver for the whole list; an element leaving is measured first, so what
 * stands in for it can keep its height.
 */
export interface NearWatch {
  /** Calls `onChange` whenever `element` comes near the view or leaves it; returns the unwatch. */
  watch(element: Element, onChange: (near: boolean, height: number) => void): () => void;
  disconnect(): void;
}

export function createNearWatch(root: Element, marginPx: number): NearWatch {
  const listeners = new Map<Element, (near: boolean, height: number) => void>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting, entry.boundingClientRect.height);
    },
    { root, rootMargin: `${marginPx}px 0px` },
  );
  return {
    watch(element, onChange) {
      listeners.set(element, onChange);
      observer.observe(element);
      return () => {
        observer.unobserve(element);
        listeners.delete(element);
      };
    },
    disconnect() {
      observer.disconnect();
      listeners.clear();
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

/** What {@link useNear} says of an item: put `ref` on its element. */
export interface Nearness {
  ref: (element: Element | null) => void;
  near: boolean;
  /** Its height when last drawn near the view, when it has been. */
  lastHeight: number | undefined;
}

/**
 * Whether an item is near its list's view, and its height when it was last seen there. Without a
 * watch everything is near; with one, an item starts away and is told within a frame.
 */
export function useNear(): Nearness {
  const watch = useContext(NearWatchContext);
  const [element, setElement] = useState<Element | null>(null);
  const [state, setState] = useState<{ near: boolean; lastHeight: number | undefined }>({ near: false, lastHeight: undefined });
  useEffect(() => {
    if (!watch || !element) return;
    return watch.watch(element, (near, height) =>
      setState((old) => (near === old.near ? old : near ? { near, lastHeight: old.lastHeight } : { near, lastHeight: height })),
    );
  }, [watch, element]);
  return { ref: setElement, ...(watch ? state : { near: true, lastHeight: undefined }) };
}
