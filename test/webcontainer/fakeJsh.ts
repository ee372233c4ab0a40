import type { WebContainerProcess } from '@webcontainer/api';
import { posix } from '../../src/sandbox/posixPath';
import type { FakeWebContainerFs } from './fakeWebContainerFs';

/**
 * TEST FAKE of a process WebContainer spawns: the real shapes (`output`, `input`, `exit`, `kill`,
 * `resize`), driven by the fake jsh below. Output goes through a pseudo-terminal as on the real
 * thing, so lines end in CRLF.
 */
export class FakeProcess implements WebContainerProcess {
  readonly output: ReadableStream<string>;
  readonly input: WritableStream<string>;
  readonly exit: Promise<number>;
  /** Every `resize` call, in order. */
  readonly sizes: { cols: number; rows: number }[] = [];
  killed = false;
  private ended = false;
  private stream!: ReadableStreamDefaultController<string>;
  private settle!: (code: number) => void;
  private readonly killListeners = new Set<() => void>();

  /** `exitsOnKill: false` fakes a process whose exit never comes after a kill. */
  constructor(
    private readonly exitsOnKill: boolean,
    onInput: (chunk: string) => void = () => undefined,
  ) {
    this.output = new ReadableStream<string>({ start: (controller) => void (this.stream = controller) });
    this.input = new WritableStream<string>({ write: (chunk) => onInput(chunk) });
    this.exit = new Promise<number>((resolve) => (this.settle = resolve));
  }

  print(text: string): void {
    if (!this.ended && text !== '') this.stream.enqueue(text.replace(/\r?\n/g, '\r\n'));
  }

  end(code: number): void {
    if (this.ended) return;
    this.ended = true;
    this.stream.close();
    this.settle(code);
  }

  onKill(listener: () => void): void {
    this.killListeners.add(listener);
  }

  kill(): void {
    this.killed = true;
    for (const listener of this.killListeners) listener();
    if (this.exitsOnKill) this.end(143);
  }

  resize(dimensions: { cols: number; rows: number }): void {
    this.sizes.push(dimensions);
  }
}

/** Where a fake command runs. */
export interface FakeShellContext {
  fs: FakeWebContainerFs;
  /** Absolute working directory. */
  cwd: string;
  env: Record<string, string>;
  process: FakeProcess;
}

type Token = { word: string } | { operator: '&&' | ';' | '>' };

/**
 * Runs a `jsh -c` script with a tiny command set: `echo` (zsh-style, so `\e[31m` makes colours),
 * `cat FILE`, `pwd`, `sleep SECONDS` (ends early when killed), `exit N`, joined by `&&` or `;`,
 * with `> FILE` and `$NAME`. Anything else is "command not found" (127).
 */
export async function runFakeScript(script: string, context: FakeShellContext): Promise<{ code: number; exited: boolean }> {
  let code = 0;
  let skip = false;
  for (const { words, redirect, then } of parse(script, context.env)) {
    if (!skip) {
      const ran = await runCommand(words, redirect, context);
      if (typeof ran !== 'number') return { code: ran.exit, exited: true };
      code = ran;
    }
    skip = then === '&&' && code !== 0;
  }
  return { code, exited: false };
}

/** A command's exit code, or `{ exit }` when it ends the shell. */
async function runCommand(words: string[], redirect: string | undefined, context: FakeShellContext): Promise<number | { exit: number }> {
  const [name, ...args] = words;
  const out: string[] = [];
  let code = 0;
  switch (name) {
    case undefined:
      return 0;
    case 'echo':
      out.push(`${args.map(unescapeEcho).join(' ')}\n`);
      break;
    case 'pwd':
      out.push(`${context.cwd}\n`);
      break;
    case 'cat':
      for (const file of args) {
        const text = context.fs.textAt(posix.join(context.cwd, file));
        if (text === undefined) {
          context.process.print(`cat: ${file}: No such file or directory\n`);
          code = 1;
        } else out.push(text);
      }
      break;
    case 'sleep':
      await sleepUnlessKilled(Number(args[0] ?? 0) * 1000, context.process);
      return context.process.killed ? 130 : 0;
    case 'exit':
      return { exit: Number(args[0] ?? 0) };
    default:
      context.process.print(`jsh: command not found: ${name}\n`);
      return 127;
  }
  if (redirect !== undefined) context.fs.writeAbsolute(posix.join(context.cwd, redirect), out.join(''));
  else context.process.print(out.join(''));
  return code;
}

function sleepUnlessKilled(ms: number, process: FakeProcess): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    process.onKill(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** zsh's echo reads backslash escapes: `\e` and `\033` are ESC, `\n` a newline, `\a` BEL. */
function unescapeEcho(text: string): string {
  return text.replace(/\\(e|033|n|t|a|\\)/g, (_, code: string) =>
    code === 'e' || code === '033' ? '\x1b' : code === 'n' ? '\n' : code === 't' ? '\t' : code === 'a' ? '\x07' : '\\',
  );
}

function parse(script: string, env: Record<string, string>): { words: string[]; redirect?: string; then?: '&&' | ';' }[] {
  const commands: { words: string[]; redirect?: string; then?: '&&' | ';' }[] = [{ words: [] }];
  const tokens = tokenize(script, env);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const current = commands[commands.length - 1]!;
    if ('word' in token) current.words.push(token.word);
    else if (token.operator === '>') {
      const next = tokens[++i];
      if (next && 'word' in next) current.redirect = next.word;
    } else {
      current.then = token.operator;
      commands.push({ words: [] });
    }
  }
  return commands;
}

function tokenize(script: string, env: Record<string, string>): Token[] {
  const tokens: Token[] = [];
  let word: string | undefined;
  const add = (text: string) => (word = (word ?? '') + text);
  const flush = () => {
    if (word !== undefined) tokens.push({ word });
    word = undefined;
  };
  const expand = (text: string) => text.replace(/\$(\w+)/g, (_, name: string) => env[name] ?? '');
  for (let i = 0; i < script.length; i++) {
    const char = script[i]!;
    if (/\s/.test(char)) flush();
    else if (script.startsWith('&&', i)) {
      flush();
      tokens.push({ operator: '&&' });
      i++;
    } else if (char === ';' || char === '>') {
      flush();
      tokens.push({ operator: char });
    } else if (char === "'" || char === '"') {
      const close = script.indexOf(char, i + 1);
      const end = close < 0 ? script.length : close;
      const inner = script.slice(i + 1, end);
      add(char === '"' ? expand(inner) : inner);
      i = end;
    } else if (char === '$') {
      const name = /^\w*/.exec(script.slice(i + 1))![0];
      add(env[name] ?? '');
      i += name.length;
    } else add(char);
  }
  flush();
  return tokens;
}
