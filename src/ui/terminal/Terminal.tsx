import { FitAddon } from '@xterm/addon-fit';
import { Terminal as XTerm } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { InteractiveShell } from '../../sandbox/types';
import { partLoaded } from '../controller/pageLoad';
import { terminalFocus } from './demand';
import { editLine, initialLineEditorState, type LineEditorState } from './lineEditor';
import type { TerminalFeed } from './terminalFeed';
import './terminal.css';

export interface TerminalProps {
  /** Run output (see `createTerminalFeed`, `createBashFeedWriter`). */
  feed: TerminalFeed;
  /** An interactive shell: keys go to it, its output is shown. Without one the terminal is output only. */
  shell?: InteractiveShell | null;
  /**
   * Edit lines here (cursor keys, history) and send them to a line shell. Defaults to `true` for a
   * shell without `resize` (a line shell: the virtual sandbox's) and `false` for one with it (a real
   * terminal program such as jsh, which edits lines itself).
   */
  lineEditing?: boolean;
  testId?: string;
}

/** Erases the line the cursor is on and goes to its start. */
const ERASE_LINE = '\r\x1b[2K';

/**
 * An xterm.js terminal showing the run's output and, when given, an interactive shell. It fits
 * its box (ResizeObserver) and tells the shell its size. The shell's unfinished line (its prompt,
 * what is being typed) stays the last line: the run's output goes above it, and a new shell's
 * prompt replaces the old one's, so the screen shows one prompt per line.
 */
export function Terminal({ feed, shell, lineEditing, testId = 'terminal' }: TerminalProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const termRef = useRef<XTerm | null>(null);
  const atLineStart = useRef(true);
  const lastSource = useRef<'feed' | 'shell'>('feed');
  /** What the shell printed since its last line end (its prompt and the echo of what is typed). */
  const shellLine = useRef('');
  const focusAsked = useEffectEvent((host: HTMLElement) => terminalFocus.take(testId, host) !== undefined);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const styles = getComputedStyle(host);
    const css = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
    const term = new XTerm({
      fontFamily: css('--font-mono', 'monospace'),
      fontSize: 12,
      scrollback: 5000,
      cursorBlink: true,
      allowProposedApi: false,
      theme: {
        background: css('--bg-sunken', '#0c0e12'),
        foreground: css('--fg', '#e3e6eb'),
        cursor: css('--accent', '#7cb7ff'),
        selectionBackground: '#2d4a72',
      },
    });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(host);
    const refit = () => {
      // fit() throws while the box has no size (a hidden tab); the next resize fits it.
      if (host.clientWidth > 0 && host.clientHeight > 0) fit.fit();
    };
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(host);
    termRef.current = term;
    partLoaded('terminal');
    // The person who asked for the terminal (a click or Tab into its preview) is handed the focus.
    if (focusAsked(host)) term.focus();
    return () => {
      observer.disconnect();
      termRef.current = null;
      term.dispose();
    };
  }, []);

  useEffect(() => {
    const term = termRef.current;
    if (!term) return;
    return feed.subscribe((chunk) => {
      // The shell's line steps aside for the run's output, and comes back under it.
      if (lastSource.current === 'shell' && !atLineStart.current) term.write(ERASE_LINE);
      lastSource.current = 'feed';
      atLineStart.current = chunk.endsWith('\n') || chunk.endsWith('\x1b[H');
      term.write(chunk);
      if (atLineStart.current && shellLine.current !== '') {
        term.write(shellLine.current);
        lastSource.current = 'shell';
        atLineStart.current = false;
      }
    });
  }, [feed]);

  useEffect(() => {
    const term = termRef.current;
    const textarea = term?.textarea;
    if (!term || !textarea) return;
    textarea.setAttribute('aria-label', shell ? 'Terminal: type a command' : 'Terminal output (read-only)');
    textarea.setAttribute('tabindex', '0');
    // Tab moves focus on, not into the shell, unless a real shell completes with it; Shift+Tab always leaves.
    const editsLines = shell ? (lineEditing ?? shell.resize === undefined) : false;
    term.attachCustomKeyEventHandler((event) => !(event.key === 'Tab' && (event.shiftKey || !shell || editsLines)));
    if (!shell) return;
    // A new shell (the page moved to another sandbox): its prompt replaces the old shell's line.
    if (lastSource.current === 'shell' && !atLineStart.current) {
      term.write(ERASE_LINE);
      atLineStart.current = true;
    }
    shellLine.current = '';

    const show = (data: string) => {
      if (lastSource.current === 'feed' && !atLineStart.current) term.write('\r\n');
      lastSource.current = 'shell';
      const end = data.lastIndexOf('\n');
      shellLine.current = end === -1 ? shellLine.current + data : data.slice(end + 1);
      atLineStart.current = shellLine.current === '';
      term.write(data);
    };
    const offOutput = shell.onData(show);
    let state: LineEditorState = initialLineEditorState;
    const input = term.onData((data) => {
      if (!editsLines) return shell.write(data);
      const result = editLine(state, data);
      state = result.state;
      for (const piece of result.output) {
        if (piece.to === 'shell') shell.write(piece.data);
        else term.write(piece.data);
      }
    });
    const resize = term.onResize(({ cols, rows }) => shell.resize?.(cols, rows));
    shell.resize?.(term.cols, term.rows);
    return () => {
      offOutput();
      input.dispose();
      resize.dispose();
    };
  }, [shell, lineEditing]);

  return <div ref={hostRef} className="terminal" data-testid={testId} role="group" aria-label="Terminal" />;
}
