import { useEffect, useState } from 'react';
import type { InteractiveShell, Sandbox } from '../../sandbox/types';
import { noteShellActivity } from '../controller';
import { usePlayground } from '../store';

/**
 * A shell that tells the page when a command it ran may have changed files: output that follows
 * an Enter, until the next key is typed (the workspace reads the sandbox back once it is quiet).
 */
export function watchedShell(shell: InteractiveShell, changed: () => void = noteShellActivity): InteractiveShell {
  let afterEnter = false;
  return {
    write(data) {
      afterEnter = /[\r\n]/.test(data);
      shell.write(data);
      if (afterEnter) changed();
    },
    onData(listener) {
      return shell.onData((data) => {
        if (afterEnter) changed();
        listener(data);
      });
    },
    ...(shell.resize ? { resize: (cols: number, rows: number) => shell.resize?.(cols, rows) } : {}),
    close: () => shell.close(),
  };
}

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
      const opened = sandbox?.shell?.();
      open = opened ? watchedShell(opened) : null;
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
