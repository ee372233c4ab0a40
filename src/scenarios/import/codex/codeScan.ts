/**
 * One pass over a code-mode `exec`'s JavaScript (see codeMode.ts), finding the `tools.NAME(…)`
 * calls it makes and the `Promise.all(…)` each sits in. Linear in the code's length whatever it
 * holds: strings, template literals (whose `${…}` is code again), comments and regular expression
 * literals are skipped in the same pass, so a `tools.exec_command` in a comment or a string is no
 * call; brackets are matched on one stack, so unclosed calls cost no rescan; and a call's text
 * holds the calls inside it only as `tools.NAME(…)`, so nesting cannot multiply the output.
 */

/** A call found in the code: where it starts, its tool, the text of its argument, and its `Promise.all`. */
export interface ScannedCall {
  readonly at: number;
  readonly name: string;
  /** The argument's text, with each call inside it shortened to `tools.NAME(…)`. */
  argument: string;
  /** The outermost `Promise.all(…)` it sits in (their starts), or -1. */
  readonly together: number;
}

interface Frame {
  readonly close: string;
  /** The call this bracket opened, if it is a `tools.NAME(` bracket, and where its argument starts. */
  readonly call?: ScannedCall;
  readonly from: number;
  /**
   * The calls inside the nearest call around (in order, to shorten in its text): one array shared
   * by every plain bracket within that call, so a call found deep down is put there once.
   */
  readonly inner: Inner[];
  /** The outermost `Promise.all(` open around it, or -1. */
  readonly together: number;
  /** A template literal's `${`, whose `}` returns to the template's text. */
  readonly template?: boolean;
}

interface Inner {
  readonly from: number;
  readonly to: number;
  readonly name: string;
}

interface Token {
  readonly text: string;
  readonly at: number;
}

const CLOSE: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const IDENTIFIER_START = /[A-Za-z_$]/;
const IDENTIFIER_PART = /[\w$]/;
/** Words after which a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'await', 'yield']);

/** The tool calls `code` makes, in the order they start. */
export function scanCodeCalls(code: string): ScannedCall[] {
  const calls: ScannedCall[] = [];
  const outside: Inner[] = [];
  const stack: Frame[] = [];
  // The last four tokens: `tools . NAME` or `Promise . all` before a `(`, and what stands before `tools`.
  const tokens: Token[] = [];
  const token = (text: string, at: number) => {
    tokens.push({ text, at });
    if (tokens.length > 16) tokens.splice(0, 12);
  };
  const last = (back: number) => tokens[tokens.length - back]?.text;
  const top = () => stack.at(-1);
  const push = (frame: Omit<Frame, 'inner' | 'together'> & { together?: number }) =>
    stack.push({ inner: top()?.inner ?? outside, together: top()?.together ?? -1, ...frame });

  /** Skips a template literal's text from `i` (after its backtick or a `}`): the index after it, or after its `${`. */
  const templateText = (i: number): number => {
    for (; i < code.length; i++) {
      if (code[i] === '\\') i++;
      else if (code[i] === '`') return i + 1;
      else if (code[i] === '$' && code[i + 1] === '{') {
        push({ close: '}', from: i + 2, template: true });
        return i + 2;
      }
    }
    return i;
  };

  let i = 0;
  while (i < code.length) {
    const char = code[i]!;
    const at = i;
    if (char === '"' || char === "'") {
      for (i++; i < code.length && code[i] !== char && code[i] !== '\n'; i++) if (code[i] === '\\') i++;
      i++;
      token('string', at);
    } else if (char === '`') {
      i = templateText(i + 1);
      token('string', at);
    } else if (char === '/' && code[i + 1] === '/') {
      while (i < code.length && code[i] !== '\n') i++;
    } else if (char === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      i = end < 0 ? code.length : end + 2;
    } else if (char === '/' && startsRegex(last(1))) {
      let inClass = false;
      for (i++; i < code.length && code[i] !== '\n'; i++) {
        if (code[i] === '\\') i++;
        else if (code[i] === '[') inClass = true;
        else if (code[i] === ']') inClass = false;
        else if (code[i] === '/' && !inClass) break;
      }
      i++;
      token('regex', at);
    } else if (IDENTIFIER_START.test(char)) {
      while (i < code.length && IDENTIFIER_PART.test(code[i]!)) i++;
      token(code.slice(at, i), at);
    } else if (/\s/.test(char)) {
      i++;
    } else if (CLOSE[char]) {
      const name = last(1);
      const member = last(2) === '.' && last(4) !== '.' && name !== undefined && IDENTIFIER_START.test(name);
      if (char === '(' && member && last(3) === 'tools') {
        const call: ScannedCall = { at: tokens[tokens.length - 3]!.at, name, argument: '', together: top()?.together ?? -1 };
        calls.push(call);
        stack.push({ close: ')', call, from: i + 1, inner: [], together: call.together });
      } else if (char === '(' && member && last(3) === 'Promise' && (name === 'all' || name === 'allSettled')) {
        const around = top()?.together ?? -1;
        push({ close: ')', from: i + 1, together: around >= 0 ? around : i });
      } else push({ close: CLOSE[char], from: i + 1 });
      i++;
      token(char, at);
    } else if (char === top()?.close) {
      const frame = stack.pop()!;
      if (frame.call) end(frame, i, code, top()?.inner ?? outside);
      i++;
      if (frame.template) i = templateText(i);
      token(frame.template ? 'string' : char, at);
    } else {
      i++;
      token(char, at);
    }
  }
  // Cut off: what is still open ends with the code, innermost first.
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.call) end(frame, code.length, code, top()?.inner ?? outside);
  }
  return calls;
}

/** Ends a call's bracket at `to`: its argument is its text, the calls inside it shortened, and it is an inner call of the call around it. */
function end(frame: Frame, to: number, code: string, around: Inner[]): void {
  const call = frame.call!;
  let text = '';
  let at = frame.from;
  for (const inner of frame.inner) {
    text += `${code.slice(at, inner.from)}tools.${inner.name}(…)`;
    at = inner.to;
  }
  call.argument = text + code.slice(at, to);
  around.push({ from: call.at, to: Math.min(to + 1, code.length), name: call.name });
}

function startsRegex(previous: string | undefined): boolean {
  if (previous === undefined) return true;
  if (previous === 'string' || previous === 'regex' || previous === ')' || previous === ']' || previous === '}') return false;
  if (IDENTIFIER_PART.test(previous[0]!)) return BEFORE_REGEX.has(previous);
  return true;
}
