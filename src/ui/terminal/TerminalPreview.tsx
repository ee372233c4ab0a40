import { useEffect, useRef, useState } from 'react';
import { stripAnsi } from '../../sandbox/webcontainer/ansi';
import { previewEntries } from '../onDemand';
import { terminalDemand, terminalFocus } from './demand';
import type { TerminalFeed } from './terminalFeed';

/** How the feed clears the screen (a new run). */
const CLEARED = '\x1b[2J';

/** The feed's text as a screen would show it: no escape sequence (colours, links), nothing from before a cleared screen, CRLF as one line end. */
export function plainFeedText(text: string): string {
  const cleared = text.lastIndexOf(CLEARED);
  return stripAnsi(cleared === -1 ? text : text.slice(cleared)).replace(/\r/g, '');
}

/**
 * The terminal before xterm.js is wanted: the run's output as text, following the feed, and a
 * line that says how to get the shell. A pointer over it, a click, focus or a key asks for xterm,
 * which then replays the feed's backlog and takes the focus if the person is still there.
 */
export function TerminalPreview({ feed, testId }: { feed: TerminalFeed; testId: string }) {
  const [text, setText] = useState(() => plainFeedText(feed.backlog()));
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let frame = 0;
    // Chunks come many a frame in a run: the text is drawn at most once a frame.
    const off = feed.subscribe(() => {
      if (frame !== 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setText(plainFeedText(feed.backlog()));
      });
    });
    return () => {
      off();
      cancelAnimationFrame(frame);
    };
  }, [feed]);
  useEffect(() => {
    const element = box.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [text]);
  return (
    <div
      ref={box}
      className="terminal terminal-preview"
      data-testid={testId}
      data-state="preview"
      role="group"
      aria-label="Terminal (the shell starts when you enter it)"
      tabIndex={0}
      {...previewEntries(terminalDemand, terminalFocus, testId)}
    >
      <pre className="terminal-preview-text">{text}</pre>
      <p className="terminal-preview-hint">Click here or press a key for the shell.</p>
    </div>
  );
}
