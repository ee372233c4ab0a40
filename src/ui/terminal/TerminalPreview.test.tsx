import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTerminalFeed } from './terminalFeed';
import { plainFeedText, TerminalPreview } from './TerminalPreview';

describe('the terminal before xterm.js is wanted', () => {
  it('shows the feed as a screen would: no escape sequence, one line end for CRLF, nothing before a cleared screen', () => {
    expect(plainFeedText('\x1b[1;38;5;75m▶ ls\x1b[0m\r\na.txt\r\n\x1b]8;;https://x.example\x07link\x1b]8;;\x07\r\n')).toBe('▶ ls\na.txt\nlink\n');
    expect(plainFeedText('old output\r\n\x1b[2J\x1b[3J\x1b[Hnew\r\n')).toBe('new\n');
  });

  it('draws the run output the feed already holds, and says how to get the shell', () => {
    const feed = createTerminalFeed();
    feed.callHeader('toolu_1', 'Bash ls');
    feed.write('a.txt\n', 'toolu_1');
    const html = renderToString(<TerminalPreview feed={feed} testId="terminal" />);
    expect(html).toContain('▶ Bash ls\na.txt\n');
    expect(html).not.toContain('\x1b');
    expect(html).toContain('data-state="preview"');
    expect(html).toContain('for the shell');
  });
});
