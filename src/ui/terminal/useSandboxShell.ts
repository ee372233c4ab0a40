import { useEffect, useState } from 'react';
import type { InteractiveShell, Sandbox } from '../../sandbox/types';
import { usePlayground } from '../store';

/**
 * An interactive shell into the page's current sandbox. When the page moves to another sandbox (a
 * run's, an idle one), the old shell is closed and a new one opened at once, before the old
 * sandbox is disposed of.
 */
export function useSandboxShell(): InteractiveShell | null {
  const [shell, setShell] = useState<InteractiveShell | null>(null);
  useEffect(() => {
    let open: InteractiveShell | null = null;
    const attach = (sandbox: Sandbox | null) => {
      open?.close();
      open = sandbox?.shell?.() ?? null;
      setShell(open);
    };
    attach(usePlayground.getState().sandbox.current);
    const off = usePlayground.subscribe((state, previous) => {
      if (state.sandbox.current !== previous.sandbox.current) attach(state.sandbox.current);
    });
    return () => {
      off();
      open?.close();
    };
  }, []);
  return shell;
}
