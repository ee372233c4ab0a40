/**
 * Line continuations the way bash reads them. A backslash right before a newline is removed,
 * together with the newline, wherever bash removes it: unquoted text, double quotes, backticks,
 * command substitutions and the bodies of here-documents whose delimiter is unquoted. It stays
 * inside single quotes, `$'…'`, comments and quoted here-documents. just-bash's parser also drops
 * the blanks after an unquoted continuation (`rm\⏎ x` became `rmx`, where bash runs `rm x`), so the
 * text is joined here first and the parser never sees one.
 */
export function joinLineContinuations(source: string): string {
  if (!source.includes('\\\n')) return source;
  return new Joiner(source).run();
}

const WORD_BREAK = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']);

class Joiner {
  private out = '';
  private i = 0;
  /** Here-documents whose body starts after the current line: delimiter, quoted, `<<-`. */
  private pending: { delimiter: string; quoted: boolean; stripTabs: boolean }[] = [];

  constructor(private readonly text: string) {}

  run(): string {
    this.normal(undefined, false);
    return this.out;
  }

  private peek(offset = 0): string {
    return this.text[this.i + offset] ?? '';
  }

  private take(count = 1): void {
    this.out += this.text.slice(this.i, this.i + count);
    this.i += count;
  }

  /** Unquoted text until `close` (`)` of a `$(`, a backtick) at depth 0, or the end. */
  private normal(close: ')' | '`' | undefined, arithmetic: boolean): void {
    let depth = 0;
    while (this.i < this.text.length) {
      const ch = this.peek();
      if (ch === '\\') {
        if (this.peek(1) === '\n') this.i += 2;
        else this.take(2);
        continue;
      }
      if (close === '`' && ch === '`') return this.take();
      if (close === ')' && ch === ')' && depth === 0) return this.take();
      if (ch === '(') depth++;
      if (ch === ')') depth = Math.max(0, depth - 1);
      if (ch === '\n') {
        this.take();
        this.heredocBodies();
        continue;
      }
      if (ch === "'") {
        this.quoted("'");
        continue;
      }
      if (ch === '$' && this.peek(1) === "'") {
        this.take();
        this.quoted("'", true);
        continue;
      }
      if (ch === '"') {
        this.take();
        this.double();
        continue;
      }
      if (ch === '`') {
        this.take();
        this.normal('`', false);
        continue;
      }
      if (ch === '$' && this.peek(1) === '(' && this.peek(2) === '(') {
        this.take(3);
        this.normal(')', true);
        continue;
      }
      if (ch === '$' && this.peek(1) === '(') {
        this.take(2);
        this.normal(')', false);
        continue;
      }
      if (ch === '(' && this.peek(1) === '(' && this.atWordStart()) {
        // `(( … ))`: an arithmetic command, where `<<` is a shift.
        this.take(2);
        this.normal(')', true);
        continue;
      }
      if (ch === '#' && this.atWordStart()) {
        while (this.i < this.text.length && this.peek() !== '\n') this.take();
        continue;
      }
      if (!arithmetic && ch === '<' && this.peek(1) === '<' && this.peek(2) !== '<' && this.text[this.i - 1] !== '<') {
        this.heredocOperator();
        continue;
      }
      this.take();
    }
  }

  private atWordStart(): boolean {
    if (this.i === 0) return true;
    return WORD_BREAK.has(this.text[this.i - 1]!);
  }

  /** `'…'` (copied as is) or `$'…'` (where a backslash escapes the next character). */
  private quoted(quote: string, escapes = false): void {
    this.take();
    while (this.i < this.text.length && this.peek() !== quote) {
      if (escapes && this.peek() === '\\') this.take(2);
      else this.take();
    }
    this.take();
  }

  /** Inside `"…"`: continuations go, substitutions nest. */
  private double(): void {
    while (this.i < this.text.length) {
      const ch = this.peek();
      if (ch === '"') return this.take();
      if (ch === '\\') {
        if (this.peek(1) === '\n') this.i += 2;
        else this.take(2);
        continue;
      }
      if (ch === '`') {
        this.take();
        this.normal('`', false);
        continue;
      }
      if (ch === '$' && this.peek(1) === '(') {
        const arithmetic = this.peek(2) === '(';
        this.take(arithmetic ? 3 : 2);
        this.normal(')', arithmetic);
        continue;
      }
      this.take();
    }
  }

  /** `<<WORD` or `<<-WORD`: the delimiter is read now, the body after this line ends. */
  private heredocOperator(): void {
    this.take(2);
    const stripTabs = this.peek() === '-';
    if (stripTabs) this.take();
    while (this.peek() === ' ' || this.peek() === '\t') this.take();
    let delimiter = '';
    let quoted = false;
    while (this.i < this.text.length && !WORD_BREAK.has(this.peek())) {
      const ch = this.peek();
      if (ch === "'" || ch === '"') {
        quoted = true;
        const end = this.text.indexOf(ch, this.i + 1);
        const stop = end < 0 ? this.text.length : end;
        delimiter += this.text.slice(this.i + 1, stop);
        this.take(stop + 1 - this.i);
      } else if (ch === '\\') {
        quoted = true;
        delimiter += this.peek(1);
        this.take(2);
      } else {
        delimiter += ch;
        this.take();
      }
    }
    if (delimiter !== '') this.pending.push({ delimiter, quoted, stripTabs });
  }

  /** The bodies of the here-documents opened on the line that just ended. */
  private heredocBodies(): void {
    const bodies = this.pending;
    this.pending = [];
    for (const body of bodies) {
      while (this.i < this.text.length) {
        let end = this.text.indexOf('\n', this.i);
        if (end < 0) end = this.text.length;
        let line = this.text.slice(this.i, end);
        // An unquoted body joins its continued lines before the delimiter is looked for.
        while (!body.quoted && line.endsWith('\\') && !line.endsWith('\\\\') && end < this.text.length) {
          const next = this.text.indexOf('\n', end + 1);
          const stop = next < 0 ? this.text.length : next;
          line = line.slice(0, -1) + this.text.slice(end + 1, stop);
          end = stop;
        }
        this.out += line + (end < this.text.length ? '\n' : '');
        this.i = Math.min(this.text.length, end + 1);
        const compared = body.stripTabs ? line.replace(/^\t+/, '') : line;
        if (compared === body.delimiter) break;
      }
    }
  }
}
