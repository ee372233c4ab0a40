/**
 * Line editing and history for a line shell (the virtual sandbox's): a shell that echoes what it
 * is sent and understands only printable characters, DEL, Enter and Ctrl-C. The editor keeps the
 * line; every change to it is sent to the shell as DELs back to the first changed character and
 * the new rest (the shell's own echo draws it), and cursor moves are drawn locally. That keeps the
 * shell's line and the editor's in step, but needs the shell to echo as it receives (synchronously),
 * which the virtual shell does; a real shell (jsh, a PTY) edits lines itself and gets raw keys.
 */

/** The editor's state: the line as code points, the cursor in it, and the history. */
export interface LineEditorState {
  line: readonly string[];
  cursor: number;
  history: readonly string[];
  /** The history entry shown, or `null` when editing a new line. */
  historyIndex: number | null;
  /** The new line put aside while browsing history. */
  draft: readonly string[];
}

/** Where a piece of output goes: to the shell (which echoes it) or straight to the screen. */
export interface LineEditorOutput {
  to: 'shell' | 'screen';
  data: string;
}

export const HISTORY_SIZE = 200;

export const initialLineEditorState: LineEditorState = { line: [], cursor: 0, history: [], historyIndex: null, draft: [] };

type Key =
  | { kind: 'char'; char: string }
  | {
      kind:
        | 'enter'
        | 'backspace'
        | 'delete'
        | 'left'
        | 'right'
        | 'home'
        | 'end'
        | 'up'
        | 'down'
        | 'interrupt'
        | 'killBefore'
        | 'killAfter'
        | 'killWord';
    };

const SEQUENCES: Record<string, Key['kind']> = {
  '\x1b[A': 'up',
  '\x1bOA': 'up',
  '\x1b[B': 'down',
  '\x1bOB': 'down',
  '\x1b[C': 'right',
  '\x1bOC': 'right',
  '\x1b[D': 'left',
  '\x1bOD': 'left',
  '\x1b[H': 'home',
  '\x1bOH': 'home',
  '\x1b[1~': 'home',
  '\x1b[F': 'end',
  '\x1bOF': 'end',
  '\x1b[4~': 'end',
  '\x1b[3~': 'delete',
};

const CONTROLS: Record<string, Key['kind']> = {
  '\r': 'enter',
  '\n': 'enter',
  '\x7f': 'backspace',
  '\b': 'backspace',
  '\x03': 'interrupt',
  '\x01': 'home',
  '\x05': 'end',
  '\x02': 'left',
  '\x06': 'right',
  '\x10': 'up',
  '\x0e': 'down',
  '\x04': 'delete',
  '\x15': 'killBefore',
  '\x0b': 'killAfter',
  '\x17': 'killWord',
};

// eslint-disable-next-line no-control-regex -- terminal escape sequences are what this matches
const ESCAPE = /^\x1b(?:\[[0-9;?]*[ -/]*[@-~]|O.|.)?/;

/** Splits what the terminal sent into keys; unknown sequences and control characters are dropped. */
export function parseKeys(data: string): Key[] {
  const keys: Key[] = [];
  let i = 0;
  while (i < data.length) {
    if (data[i] === '\x1b') {
      const sequence = ESCAPE.exec(data.slice(i))?.[0] ?? '\x1b';
      const kind = SEQUENCES[sequence];
      if (kind) keys.push({ kind } as Key);
      i += sequence.length;
      continue;
    }
    const char = String.fromCodePoint(data.codePointAt(i) ?? 0);
    i += char.length;
    // A pasted CRLF is one Enter.
    if (char === '\n' && data[i - 2] === '\r') continue;
    const control = CONTROLS[char];
    if (control) keys.push({ kind: control } as Key);
    else if (char >= ' ') keys.push({ kind: 'char', char });
  }
  return keys;
}

/** Applies what the terminal sent; returns the next state and the output, in order. */
export function editLine(state: LineEditorState, data: string): { state: LineEditorState; output: LineEditorOutput[] } {
  const output: LineEditorOutput[] = [];
  let current = state;
  for (const key of parseKeys(data)) {
    const next = applyKey(current, key, output);
    current = next;
  }
  return { state: current, output: merge(output) };
}

function applyKey(state: LineEditorState, key: Key, out: LineEditorOutput[]): LineEditorState {
  const { line, cursor } = state;
  const edit = (next: readonly string[], nextCursor: number): LineEditorState => {
    redraw(line, cursor, next, nextCursor, out);
    return { ...state, line: next, cursor: nextCursor, historyIndex: null };
  };
  switch (key.kind) {
    case 'char':
      return edit([...line.slice(0, cursor), key.char, ...line.slice(cursor)], cursor + 1);
    case 'backspace':
      return cursor === 0 ? state : edit([...line.slice(0, cursor - 1), ...line.slice(cursor)], cursor - 1);
    case 'delete':
      return cursor === line.length ? state : edit([...line.slice(0, cursor), ...line.slice(cursor + 1)], cursor);
    case 'killBefore':
      return cursor === 0 ? state : edit(line.slice(cursor), 0);
    case 'killAfter':
      return cursor === line.length ? state : edit(line.slice(0, cursor), cursor);
    case 'killWord': {
      let start = cursor;
      while (start > 0 && line[start - 1] === ' ') start--;
      while (start > 0 && line[start - 1] !== ' ') start--;
      return start === cursor ? state : edit([...line.slice(0, start), ...line.slice(cursor)], start);
    }
    case 'left':
      return move(state, Math.max(0, cursor - 1), out);
    case 'right':
      return move(state, Math.min(line.length, cursor + 1), out);
    case 'home':
      return move(state, 0, out);
    case 'end':
      return move(state, line.length, out);
    case 'up':
    case 'down':
      return browse(state, key.kind, out);
    case 'enter': {
      cursorMove(cursor, line.length, out);
      out.push({ to: 'shell', data: '\r' });
      const text = line.join('');
      const history =
        text.trim() === '' || state.history.at(-1) === text ? state.history : [...state.history, text].slice(-HISTORY_SIZE);
      return { ...initialLineEditorState, history };
    }
    case 'interrupt':
      cursorMove(cursor, line.length, out);
      out.push({ to: 'shell', data: '\x03' });
      return { ...initialLineEditorState, history: state.history };
  }
}

function move(state: LineEditorState, to: number, out: LineEditorOutput[]): LineEditorState {
  cursorMove(state.cursor, to, out);
  return { ...state, cursor: to };
}

function browse(state: LineEditorState, direction: 'up' | 'down', out: LineEditorOutput[]): LineEditorState {
  const { history, historyIndex } = state;
  let index: number | null;
  if (direction === 'up') {
    if (history.length === 0 || historyIndex === 0) return state;
    index = historyIndex === null ? history.length - 1 : historyIndex - 1;
  } else {
    if (historyIndex === null) return state;
    index = historyIndex + 1 < history.length ? historyIndex + 1 : null;
  }
  const draft = historyIndex === null ? state.line : state.draft;
  const next = index === null ? draft : Array.from(history[index] ?? '');
  redraw(state.line, state.cursor, next, next.length, out);
  return { ...state, line: next, cursor: next.length, historyIndex: index, draft };
}

/** Rewrites the line from its first changed character: DELs and new text to the shell, cursor moves locally. */
function redraw(line: readonly string[], cursor: number, next: readonly string[], nextCursor: number, out: LineEditorOutput[]): void {
  let same = 0;
  while (same < line.length && same < next.length && line[same] === next[same]) same++;
  if (same === line.length && same === next.length) {
    cursorMove(cursor, nextCursor, out);
    return;
  }
  cursorMove(cursor, line.length, out);
  if (line.length > same) out.push({ to: 'shell', data: '\x7f'.repeat(line.length - same) });
  if (next.length > same) out.push({ to: 'shell', data: next.slice(same).join('') });
  cursorMove(next.length, nextCursor, out);
}

function cursorMove(from: number, to: number, out: LineEditorOutput[]): void {
  if (to < from) out.push({ to: 'screen', data: `\x1b[${from - to}D` });
  else if (to > from) out.push({ to: 'screen', data: `\x1b[${to - from}C` });
}

function merge(output: LineEditorOutput[]): LineEditorOutput[] {
  const merged: LineEditorOutput[] = [];
  for (const piece of output) {
    const last = merged.at(-1);
    if (last && last.to === piece.to) merged[merged.length - 1] = { to: last.to, data: last.data + piece.data };
    else merged.push(piece);
  }
  return merged;
}
