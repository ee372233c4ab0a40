import type { Bash } from 'just-bash';
import type { InteractiveShell } from './types';

// Cursor keys and other escape sequences a terminal sends; a line shell has no use for them.
// eslint-disable-next-line no-control-regex -- matching terminal control sequences is the point
const ESCAPE_SEQUENCE = /\x1b(?:\[[0-9;?]*[ -/]*[@-~]|O.|.)/g;

/**
 * A line shell over just-bash for the terminal pane: it echoes what is typed, runs each finished
 * line as one `exec`, prints the output and a prompt. just-bash resets its state on every `exec`,
 * so the shell carries the working directory from one line to the next itself (that is what makes
 * `cd` work); variables do not persist. Ctrl-C stops the running line.
 */
export function createVirtualShell(bash: Bash, root: string): InteractiveShell {
  const listeners = new Set<(data: string) => void>();
  let pending = ''; // output produced before anyone listened
  let line = '';
  let cwd = root;
  let closed = false;
  let running: AbortController | undefined;
  let queue: Promise<void> = Promise.resolve();

  const emit = (data: string) => {
    if (closed || data === '') return;
    if (listeners.size === 0) pending += data;
    for (const listener of listeners) listener(data);
  };
  const prompt = () => emit(`${cwd} $ `);
  const toTerminal = (text: string) => text.replace(/\r?\n/g, '\r\n');

  const runLine = async (command: string) => {
    if (closed) return;
    if (command.trim() === '') return prompt();
    running = new AbortController();
    try {
      const result = await bash.exec(command, { cwd, signal: running.signal });
      const output = result.stdout + result.stderr;
      emit(toTerminal(output.endsWith('\n') || output === '' ? output : `${output}\n`));
      const next = result.env.PWD;
      if (next && (await isDirectory(bash, next))) cwd = next;
    } catch (error: unknown) {
      emit(toTerminal(`shell: ${error instanceof Error ? error.message : String(error)}\n`));
    } finally {
      running = undefined;
    }
    prompt();
  };

  const submit = () => {
    const command = line;
    line = '';
    emit('\r\n');
    queue = queue.then(() => runLine(command));
  };

  prompt();
  return {
    write(data) {
      if (closed) return;
      for (const char of data.replace(ESCAPE_SEQUENCE, '')) {
        if (char === '\r' || char === '\n') submit();
        else if (char === '\x7f' || char === '\b') {
          if (line.length > 0) {
            line = line.slice(0, -1);
            emit('\b \b');
          }
        } else if (char === '\x03') {
          running?.abort();
          line = '';
          emit('^C\r\n');
          if (!running) prompt();
        } else if (char >= ' ') {
          line += char;
          emit(char);
        }
      }
    },
    onData(listener) {
      listeners.add(listener);
      if (pending !== '') {
        const buffered = pending;
        pending = '';
        listener(buffered);
      }
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      running?.abort();
      listeners.clear();
    },
  };
}

async function isDirectory(bash: Bash, path: string): Promise<boolean> {
  try {
    return (await bash.fs.stat(path)).isDirectory;
  } catch {
    return false;
  }
}
