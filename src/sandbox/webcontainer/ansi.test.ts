import { describe, expect, it } from 'vitest';
import { createAnsiStripper, stripAnsi } from './ansi';

describe('stripAnsi', () => {
  it('removes colours and other CSI sequences', () => {
    expect(stripAnsi('\x1b[31mred\x1b[0m and \x1b[1;4mbold\x1b[m\x1b[2K\x1b[?25l')).toBe('red and bold');
  });

  it("removes OSC sequences ended by BEL or ST, jsh's 654 markers included", () => {
    expect(stripAnsi('\x1b]654;interactive\x07ready\x1b]654;exit=0:3\x07')).toBe('ready');
    expect(stripAnsi('\x1b]0;window title\x1b\\text')).toBe('text');
  });

  it('removes short escapes (charset, keypad) and DCS strings', () => {
    expect(stripAnsi('\x1b(Ba\x1b=b\x1b>c\x1bPq#data\x1b\\d')).toBe('abcd');
  });

  it('turns CRLF into LF and keeps other text, tabs and lone CRs as they are', () => {
    expect(stripAnsi('one\r\ntwo\tthree\r\nfour\rfive')).toBe('one\ntwo\tthree\nfour\rfive');
  });

  it('drops only the introducer of a sequence that never ends, never the text after it', () => {
    expect(stripAnsi('before\x1b]654;never ended')).toBe('before]654;never ended');
  });
});

describe('createAnsiStripper', () => {
  it('holds a sequence split across chunks until it is complete', () => {
    const stripper = createAnsiStripper();
    const out = [stripper.push('a\x1b['), stripper.push('31'), stripper.push('mb\x1b]654;exi'), stripper.push('t=0:0\x07c')];
    expect(out).toEqual(['a', '', 'b', 'c']);
    expect(stripper.flush()).toBe('');
  });

  it('holds a CR that may be the first half of a CRLF, also before an escape', () => {
    const stripper = createAnsiStripper();
    expect(stripper.push('line\r')).toBe('line');
    expect(stripper.push('\nnext\r')).toBe('\nnext');
    expect(stripper.push('\x1b[0m\n')).toBe('\n');
    expect(stripper.push('end\r')).toBe('end');
    expect(stripper.flush()).toBe('\r');
  });

  it('gives up holding past a bound, so a stray ESC cannot swallow the stream', () => {
    const stripper = createAnsiStripper();
    const long = 'x'.repeat(5000);
    expect(stripper.push(`\x1b]${long}`)).toBe(`]${long}`);
  });
});
