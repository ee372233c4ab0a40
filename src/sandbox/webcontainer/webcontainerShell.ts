import type { WebContainerProcess } from '@webcontainer/api';
import type { InteractiveShell } from '../types';
import type { WebContainerLike } from './webcontainerLike';

/** The terminal size a shell starts with until the pane reports its own. */
const DEFAULT_SIZE = { cols: 80, rows: 24 };

/**
 * An interactive `jsh --osc` for the terminal pane. `spawn` is asynchronous and `shell()` is not,
 * so what is typed before jsh runs is queued, and output that arrives before anyone listens is
 * kept for the first listener. Output is passed on raw (colours, cursor moves, jsh's OSC 654
 * markers): it is for a terminal emulator, not for the model.
 */
export function openWebContainerShell(instance: WebContainerLike, onClose: () => void): InteractiveShell {
  const listeners = new Set<(data: string) => void>();
  let pending = '';
  let queued: string[] = [];
  let size = DEFAULT_SIZE;
  let child: WebContainerProcess | undefined;
  let writer: WritableStreamDefaultWriter<string> | undefined;
  let closed = false;

  const emit = (data: string) => {
    if (closed) return;
    if (listeners.size === 0) pending += data;
    for (const listener of listeners) listener(data);
  };
  const send = (data: string) => {
    writer?.write(data).catch(() => undefined);
  };

  instance.spawn('jsh', ['--osc'], { terminal: size }).then(
    (started) => {
      if (closed) return started.kill();
      child = started;
      writer = started.input.getWriter();
      if (size !== DEFAULT_SIZE) started.resize(size);
      for (const data of queued) send(data);
      queued = [];
      started.output
        .pipeTo(new WritableStream({ write: emit }))
        .catch(() => undefined);
      started.exit.then(
        (code) => emit(`\r\n[jsh exited with code ${code}]\r\n`),
        () => undefined,
      );
    },
    (error: unknown) => emit(`The shell could not start: ${error instanceof Error ? error.message : String(error)}\r\n`),
  );

  return {
    write(data) {
      if (closed) return;
      if (writer) send(data);
      else queued.push(data);
    },
    onData(listener) {
      listeners.add(listener);
      if (pending !== '') {
        listener(pending);
        pending = '';
      }
      return () => listeners.delete(listener);
    },
    resize(cols, rows) {
      size = { cols, rows };
      child?.resize(size);
    },
    close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      child?.kill();
      onClose();
    },
  };
}
