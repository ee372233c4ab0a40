import { lazy, Suspense } from 'react';
import type { TerminalProps } from './Terminal';
import './terminal.css';

const Terminal = lazy(() => import('./Terminal').then((m) => ({ default: m.Terminal })));

/** `Terminal`, loaded (with xterm.js) on first render. */
export function LazyTerminal(props: TerminalProps) {
  const testId = props.testId ?? 'terminal';
  return (
    <Suspense
      fallback={
        <div className="terminal terminal-fallback" data-testid={testId} data-state="loading" role="status">
          Loading terminal…
        </div>
      }
    >
      <Terminal {...props} />
    </Suspense>
  );
}
