import { LazyTerminal } from './lazyTerminal';
import { useSandboxShell } from './useSandboxShell';
import { useTerminalFeed } from './useTerminalFeed';

/** The terminal pane: the run's Bash output as it streams, and a shell into the page's current sandbox. */
export function TerminalPane() {
  const feed = useTerminalFeed();
  const shell = useSandboxShell();
  return <LazyTerminal feed={feed} shell={shell} />;
}
