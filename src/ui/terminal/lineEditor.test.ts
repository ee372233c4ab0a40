import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../../sandbox/virtualSandbox';
import { editLine, initialLineEditorState, parseKeys, type LineEditorOutput, type LineEditorState } from './lineEditor';

/** One terminal line, enough to check what a reader sees: cells, cursor, CR/LF, BS, cursor moves. */
class ScreenLine {
  cells: string[] = [];
  col = 0;
  lines: string[] = [];

  write(data: string): void {
    for (let i = 0; i < data.length; i++) {
      // eslint-disable-next-line no-control-regex -- reading the cursor moves the editor writes
      const move = /^\x1b\[(\d+)([CD])/.exec(data.slice(i));
      if (move) {
        const n = Number(move[1]);
        this.col = move[2] === 'C' ? this.col + n : Math.max(0, this.col - n);
        i += move[0].length - 1;
      } else if (data[i] === '\r') this.col = 0;
      else if (data[i] === '\n') {
        this.lines.push(this.text());
        this.cells = [];
      } else if (data[i] === '\b') this.col = Math.max(0, this.col - 1);
      else {
        this.cells[this.col] = data[i] ?? '';
        this.col++;
      }
    }
  }

  text(): string {
    return Array.from(this.cells, (c) => c ?? ' ').join('').trimEnd();
  }
}

/** The editor in front of the real virtual shell, drawing on a ScreenLine. */
function harness() {
  const shell = createVirtualSandbox({}).shell?.();
  if (!shell) throw new Error('the virtual sandbox has a shell');
  const screen = new ScreenLine();
  shell.onData((data) => screen.write(data));
  let state: LineEditorState = initialLineEditorState;
  const apply = (output: LineEditorOutput[]) => {
    for (const piece of output) {
      if (piece.to === 'shell') shell.write(piece.data);
      else screen.write(piece.data);
    }
  };
  return {
    screen,
    type(data: string) {
      const result = editLine(state, data);
      state = result.state;
      apply(result.output);
    },
    get state() {
      return state;
    },
  };
}

const PROMPT = '/workspace $ ';

describe('parseKeys', () => {
  it('reads characters, controls and cursor sequences, and drops the rest', () => {
    expect(parseKeys('a\x1b[Db\x1bOA\x7f\x1b[3~\x1b[15~\t').map((k) => (k.kind === 'char' ? k.char : k.kind))).toEqual([
      'a',
      'left',
      'b',
      'up',
      'backspace',
      'delete',
    ]);
  });

  it('treats a pasted CRLF as one Enter', () => {
    expect(parseKeys('ls\r\npwd\r').filter((k) => k.kind === 'enter')).toHaveLength(2);
  });
});

describe('editLine in front of the virtual shell', () => {
  it('echoes typed text through the shell', () => {
    const t = harness();
    t.type('echo hi');
    expect(t.screen.text()).toBe(`${PROMPT}echo hi`);
    expect(t.screen.col).toBe(PROMPT.length + 7);
  });

  it('inserts and deletes in the middle of the line', () => {
    const t = harness();
    t.type('ech hi');
    t.type('\x1b[D\x1b[D\x1b[D'); // cursor after "ech"
    t.type('o');
    expect(t.screen.text()).toBe(`${PROMPT}echo hi`);
    expect(t.screen.col).toBe(PROMPT.length + 4);
    t.type('\x1b[H\x1b[3~'); // home, delete
    expect(t.screen.text()).toBe(`${PROMPT}cho hi`);
    expect(t.screen.col).toBe(PROMPT.length);
  });

  it('recalls history with up and down and restores the draft', () => {
    const t = harness();
    t.type('ls\r');
    t.type('pwd\r');
    t.type('dra');
    t.type('\x1b[A');
    expect(t.state.line.join('')).toBe('pwd');
    t.type('\x1b[A');
    expect(t.state.line.join('')).toBe('ls');
    t.type('\x1b[A'); // at the oldest: stays
    expect(t.state.line.join('')).toBe('ls');
    t.type('\x1b[B\x1b[B');
    expect(t.state.line.join('')).toBe('dra');
    expect(t.state.history).toEqual(['ls', 'pwd']);
  });

  it('does not store blank lines or an immediate repeat', () => {
    const t = harness();
    t.type('ls\rls\r   \r');
    expect(t.state.history).toEqual(['ls']);
  });

  it('Ctrl-C drops the line and keeps the history', () => {
    const t = harness();
    t.type('ls\r');
    t.type('oops\x03');
    expect(t.state.line).toEqual([]);
    expect(t.state.history).toEqual(['ls']);
  });

  it('keeps the screen, the shell and the editor in step for any editing keys', () => {
    const keys = fc.constantFrom('a', 'b', ' ', 'é', '\x7f', '\x1b[D', '\x1b[C', '\x1b[H', '\x1b[F', '\x1b[3~', '\x15', '\x0b', '\x17');
    fc.assert(
      fc.property(fc.array(keys, { maxLength: 40 }), (sequence) => {
        const t = harness();
        for (const key of sequence) t.type(key);
        expect(t.screen.text()).toBe(`${PROMPT}${t.state.line.join('')}`.trimEnd());
        expect(t.screen.col).toBe(PROMPT.length + t.state.cursor);
      }),
      { numRuns: 100 },
    );
  });
});
