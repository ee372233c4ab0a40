import { describe, expect, it } from 'vitest';
import { ANSI, createTerminalFeed, toCrlf } from './terminalFeed';

describe('toCrlf', () => {
  it('turns lone LF into CRLF and leaves CRLF and lone CR', () => {
    expect(toCrlf('a\nb\r\nc\rd')).toBe('a\r\nb\r\nc\rd');
  });
});

describe('createTerminalFeed', () => {
  it('passes writes to subscribers with CRLF line ends', () => {
    const feed = createTerminalFeed();
    const seen: string[] = [];
    feed.subscribe((chunk) => seen.push(chunk));
    feed.write('one\ntwo\n');
    expect(seen).toEqual(['one\r\ntwo\r\n']);
  });

  it('replays the backlog to a late subscriber, then streams', () => {
    const feed = createTerminalFeed();
    feed.write('early\n');
    const seen: string[] = [];
    feed.subscribe((chunk) => seen.push(chunk));
    feed.write('late\n');
    expect(seen).toEqual(['early\r\n', 'late\r\n']);
  });

  it('stops calling a listener once unsubscribed', () => {
    const feed = createTerminalFeed();
    const seen: string[] = [];
    const off = feed.subscribe((chunk) => seen.push(chunk));
    off();
    feed.write('x');
    expect(seen).toEqual([]);
  });

  it('caps the backlog at a line start and says it was trimmed', () => {
    const feed = createTerminalFeed(20);
    for (let i = 0; i < 10; i++) feed.write(`line ${i}\n`);
    const backlog = feed.backlog();
    expect(backlog.startsWith(`${ANSI.dim}[earlier output trimmed]`)).toBe(true);
    const kept = backlog.slice(backlog.indexOf('\r\n') + 2);
    expect(kept.length).toBeLessThanOrEqual(20);
    expect(kept).toBe('line 8\r\nline 9\r\n');
  });

  it('starts a header on a fresh line', () => {
    const feed = createTerminalFeed();
    feed.write('partial');
    feed.callHeader('t1', 'Bash(t1): ls');
    feed.callHeader('t2', 'Bash(t2): pwd');
    expect(feed.backlog()).toBe(`partial\r\n${ANSI.header}▶ Bash(t1): ls${ANSI.reset}\r\n${ANSI.header}▶ Bash(t2): pwd${ANSI.reset}\r\n`);
  });

  it('re-heads output of a call when another call wrote in between', () => {
    const feed = createTerminalFeed();
    feed.callHeader('a', 'A');
    feed.callHeader('b', 'B');
    feed.write('from a\n', 'a');
    feed.write('more a\n', 'a');
    expect(feed.backlog()).toContain(`${ANSI.dim}… A${ANSI.reset}\r\nfrom a\r\nmore a\r\n`);
    expect(feed.backlog().match(/… A/g)).toHaveLength(1);
  });

  it('reset forgets the backlog and clears live terminals', () => {
    const feed = createTerminalFeed();
    const seen: string[] = [];
    feed.subscribe((chunk) => seen.push(chunk));
    feed.write('old\n');
    feed.reset();
    expect(feed.backlog()).toBe('');
    expect(seen.at(-1)).toContain('\x1b[2J');
  });
});
