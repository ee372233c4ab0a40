import { useEffect } from 'react';
import { dispatchRun, step, stopRun, togglePause, warmUpForRuns } from '../controller';
import { usePlayground } from '../store';

/**
 * Space runs or pauses, `.` steps, Escape stops, `/` goes to the lane filter, `?` calls `onHelp`
 * (the list of them all, `shortcuts.ts`); not while typing in a field or an editor.
 */
export function useShortcuts(onHelp: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], .monaco-editor, .xterm, dialog')) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const { run, scenario } = usePlayground.getState();
      const running = run.status === 'running';
      if (event.key === ' ' && !(target instanceof HTMLButtonElement)) {
        event.preventDefault();
        if (running) togglePause();
        else if (scenario) {
          // The key is the person's reaching for Run: the first run waits for the warm-up.
          void warmUpForRuns();
          dispatchRun({ kind: 'replay' });
        }
      } else if (event.key === '.') {
        event.preventDefault();
        if (scenario && !running) void warmUpForRuns();
        if (scenario) step();
      } else if (event.key === '/') {
        const filter = document.querySelector<HTMLInputElement>('[data-testid="lane-filter"]');
        if (!filter) return;
        event.preventDefault();
        filter.focus();
        filter.select();
      } else if (event.key === '?') {
        event.preventDefault();
        onHelp();
      } else if (event.key === 'Escape' && running) {
        stopRun();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onHelp]);
}
