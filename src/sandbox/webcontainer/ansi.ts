/**
 * Terminal output to plain text for the model: WebContainer's process output carries colours,
 * cursor moves, window titles and jsh's own `ESC ]654;…BEL` markers, and ends lines with CRLF
 * (it comes from a pseudo-terminal). The terminal pane gets the raw output; this is for results.
 */

// One escape sequence, matched at a given index (sticky):
// CSI `ESC [ params intermediates final` (and the 8-bit CSI U+009B), OSC `ESC ] … BEL|ST` (jsh's
// 654 markers are OSC), DCS/SOS/PM/APC `ESC P|X|^|_ … ST`, and two-or-more-byte `ESC intermediates
// final` (charset selection, keypad modes). The last class leaves out `[ ] P X ^ _`, so an
// unfinished CSI or OSC does not pass as a short complete sequence.
// eslint-disable-next-line no-control-regex -- matching terminal control sequences is the point
const SEQUENCE = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[ -/]*[0-OQ-WYZ\\`-~]/y;
// eslint-disable-next-line no-control-regex -- see above
const INTRODUCER = /[\x1b\x9b]/g;

/** Past this many characters an unfinished sequence is taken as broken, not as still arriving. */
const MAX_HELD = 4096;

/** Removes ANSI escape sequences and turns CRLF into LF. */
export function stripAnsi(text: string): string {
  const stripper = createAnsiStripper();
  return stripper.push(text) + stripper.flush();
}

/** A stripper for a stream: a sequence or a CRLF split across chunks is held until it completes. */
export interface AnsiStripper {
  /** The plain text of `chunk`, less any unfinished sequence at its end (kept for the next push). */
  push(chunk: string): string;
  /** What is still held, once the stream has ended. */
  flush(): string;
}

/** Creates an {@link AnsiStripper}. */
export function createAnsiStripper(): AnsiStripper {
  let held = '';
  return {
    push(chunk) {
      const text = held + chunk;
      const { plain, rest } = scan(text, false);
      held = rest;
      return plain;
    },
    flush() {
      const { plain } = scan(held, true);
      held = '';
      return plain;
    },
  };
}

/**
 * Drops the complete sequences of `text`. An unfinished one is returned as `rest` while it may
 * still complete; at the end of the stream (or past MAX_HELD) only its introducer is dropped, so
 * a stray ESC never swallows the text after it.
 */
function scan(text: string, ending: boolean): { plain: string; rest: string } {
  let plain = '';
  let from = 0;
  INTRODUCER.lastIndex = 0;
  for (let match = INTRODUCER.exec(text); match; match = INTRODUCER.exec(text)) {
    const at = match.index;
    plain += text.slice(from, at);
    SEQUENCE.lastIndex = at;
    if (SEQUENCE.test(text)) {
      from = SEQUENCE.lastIndex;
    } else if (!ending && text.length - at < MAX_HELD) {
      return holdingCr(plain, text.slice(at));
    } else {
      from = at + 1;
    }
    INTRODUCER.lastIndex = from;
  }
  plain += text.slice(from);
  return ending ? { plain: crlf(plain), rest: '' } : holdingCr(plain, '');
}

/** A CR at the end of what is let out may be the first half of a CRLF: it waits with the rest. */
function holdingCr(plain: string, rest: string): { plain: string; rest: string } {
  if (!plain.endsWith('\r')) return { plain: crlf(plain), rest };
  return { plain: crlf(plain.slice(0, -1)), rest: `\r${rest}` };
}

function crlf(text: string): string {
  return text.replace(/\r\n/g, '\n');
}
