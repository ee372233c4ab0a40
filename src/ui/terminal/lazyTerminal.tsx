import { lazy, Suspense } from 'react';
import { useWanted } from '../onDemand';
import { terminalDemand } from './demand';
import type { TerminalProps } from './Terminal';
import { TerminalPreview } from './TerminalPreview';
import './terminal.css';

const Terminal = lazy(() => import('./Terminal').then((m) => ({ default: m.Terminal })));

/**
 * `Terminal`, loaded (with xterm.js) when a person first reaches for it; until then, and while it
 * loads, the run's output is drawn as text by {@link TerminalPreview}.
 */
export function LazyTerminal(props: TerminalProps) {
  const testId = props.testId ?? 'terminal';
  const wanted = useWanted(terminalDemand);
  const preview = <TerminalPreview feed={props.feed} testId={testId} />;
  // Wanted, the preview stays (useWanted's transition) until xterm.js can draw.
  return <Suspense fallback={preview}>{wanted ? <Terminal {...props} /> : preview}</Suspense>;
}
