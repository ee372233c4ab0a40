import { useCallback, useState } from 'react';
import { readPreference, writePreference } from '../preferences';

/**
 * A drag handle that resizes a pane by setting a CSS variable on the layout element; arrow keys
 * move it too. The size is kept in localStorage so the layout survives a reload.
 */
export function Splitter({ variable, axis, min, max, invert = false, label }: { variable: string; axis: 'x' | 'y'; min: number; max: number; invert?: boolean; label: string }) {
  const current = () => parseFloat(getComputedStyle(document.documentElement).getPropertyValue(variable)) || min;
  // Reading the computed size forces a style pass: read it once, then on a drag or a key, never per render.
  const [shown, setShown] = useState(() => (typeof document === 'undefined' ? min : (savedSize(variable) ?? current())));
  const apply = useCallback(
    (size: number) => {
      const clamped = Math.round(Math.min(max, Math.max(min, size)));
      document.documentElement.style.setProperty(variable, `${clamped}px`);
      setShown(clamped);
      writePreference(`tsp.layout${variable}`, String(clamped));
      return clamped;
    },
    [variable, min, max],
  );
  return (
    <div
      className={`splitter splitter-${axis}`}
      role="separator"
      aria-orientation={axis === 'x' ? 'vertical' : 'horizontal'}
      aria-label={label}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={shown}
      tabIndex={0}
      onPointerDown={(event) => {
        const start = axis === 'x' ? event.clientX : event.clientY;
        const size = current();
        const target = event.currentTarget;
        target.setPointerCapture(event.pointerId);
        const move = (moveEvent: PointerEvent) => {
          const delta = (axis === 'x' ? moveEvent.clientX : moveEvent.clientY) - start;
          apply(size + (invert ? -delta : delta));
        };
        const up = () => {
          target.removeEventListener('pointermove', move);
          target.removeEventListener('pointerup', up);
        };
        target.addEventListener('pointermove', move);
        target.addEventListener('pointerup', up);
      }}
      onKeyDown={(event) => {
        const grow = axis === 'x' ? (invert ? 'ArrowLeft' : 'ArrowRight') : invert ? 'ArrowUp' : 'ArrowDown';
        const shrink = axis === 'x' ? (invert ? 'ArrowRight' : 'ArrowLeft') : invert ? 'ArrowDown' : 'ArrowUp';
        if (event.key === grow) apply(current() + 24);
        else if (event.key === shrink) apply(current() - 24);
        else return;
        event.preventDefault();
      }}
    />
  );
}

/** The size a person chose before for `variable`, if any. */
function savedSize(variable: string): number | undefined {
  const saved = readPreference(`tsp.layout${variable}`);
  return saved && /^\d+$/.test(saved) ? Number(saved) : undefined;
}

/** Restores the pane sizes a person chose before. */
export function restoreLayout(variables: readonly string[]): void {
  for (const variable of variables) {
    const saved = savedSize(variable);
    if (saved !== undefined) document.documentElement.style.setProperty(variable, `${saved}px`);
  }
}
