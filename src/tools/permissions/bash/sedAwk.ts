/**
 * Readers of sed and awk programs, as far as the rules need them: which commands a program runs
 * and which files it writes or reads. A program the reader cannot follow says so (`unclear`), and
 * the analysis then treats it as hidden.
 */

/** What a sed or awk program does beyond filtering text. */
export interface ProgramEffects {
  /** Shell commands it runs, when written out (`e rm x`, `system("rm x")`). */
  commands: string[];
  /** It runs commands it builds at run time (sed's `e` without a command, `s///e`, awk's `system(var)`). */
  runsUnknown: boolean;
  writes: string[];
  reads: string[];
  /** Why the reader could not follow the program, when it could not. */
  unclear?: string;
}

function empty(): ProgramEffects {
  return { commands: [], runsUnknown: false, writes: [], reads: [] };
}

/** Reads a GNU sed script: `e`, `s///e`, `w`/`W` files, `r`/`R` files. */
export function sedEffects(script: string): ProgramEffects {
  const effects = empty();
  let i = 0;
  const restOfLine = (): string => {
    const end = script.indexOf('\n', i);
    const text = script.slice(i, end < 0 ? script.length : end);
    i = end < 0 ? script.length : end + 1;
    return text;
  };
  const skipBlanks = () => {
    while (i < script.length && /[ \t]/.test(script[i]!)) i++;
  };
  const delimited = (): boolean => {
    // Reads one `/…/` part (any delimiter), honouring backslash escapes.
    const delimiter = script[i++];
    if (delimiter === undefined || delimiter === '\n' || delimiter === '\\') return false;
    while (i < script.length && script[i] !== delimiter) i += script[i] === '\\' ? 2 : 1;
    if (i >= script.length) return false;
    i++;
    return true;
  };
  while (i < script.length) {
    skipBlanks();
    const ch = script[i];
    if (ch === undefined) break;
    if (/[\n;}]/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '#') {
      restOfLine();
      continue;
    }
    // Addresses: numbers, `$`, `/re/`, `\cREc`, `first~step`, `addr,+N`, then `!`.
    while (i < script.length && /[0-9$,~+/\\!IM ]/.test(script[i]!)) {
      const c = script[i]!;
      if (c === '/') {
        if (!delimited()) return { ...effects, unclear: 'an address does not close' };
      } else if (c === '\\') {
        i++;
        if (!delimited()) return { ...effects, unclear: 'an address does not close' };
      } else i++;
    }
    const command = script[i++];
    if (command === undefined) break;
    if (command === '{' || command === '}') continue;
    if ('=dDgGhHlnNpPqQxzF'.includes(command)) continue;
    if (command === ':' || command === 'b' || command === 't' || command === 'T' || command === 'v' || 'aic'.includes(command)) {
      restOfLine();
      continue;
    }
    if (command === 'r' || command === 'R' || command === 'w' || command === 'W') {
      skipBlanks();
      const file = restOfLine();
      (command === 'r' || command === 'R' ? effects.reads : effects.writes).push(file);
      continue;
    }
    if (command === 'e') {
      skipBlanks();
      const text = restOfLine().trim();
      if (text === '') effects.runsUnknown = true;
      else effects.commands.push(text);
      continue;
    }
    if (command === 's' || command === 'y') {
      if (!delimited()) return { ...effects, unclear: `the ${command} command does not close` };
      i--;
      if (!delimited()) return { ...effects, unclear: `the ${command} command does not close` };
      if (command === 'y') continue;
      // Flags: g, p, N, i, I, m, M, e (run the result), w FILE.
      while (i < script.length && /[gpiImMe0-9]/.test(script[i]!)) {
        if (script[i] === 'e') effects.runsUnknown = true;
        i++;
      }
      if (script[i] === 'w') {
        i++;
        skipBlanks();
        effects.writes.push(restOfLine());
      }
      continue;
    }
    return { ...effects, unclear: `the sed command ${JSON.stringify(command)} is not one the analysis reads` };
  }
  return effects;
}

/**
 * Reads an awk program: `system(…)`, pipes to and from commands (`print | "cmd"`, `"cmd" | getline`),
 * and `print > "file"`. Literal command strings are returned to be parsed; anything built at run
 * time runs unknown commands.
 */
export function awkEffects(program: string): ProgramEffects {
  const effects = empty();
  type Token = { kind: 'string' | 'word' | 'op'; text: string };
  const tokens: Token[] = [];
  let i = 0;
  let lastSignificant: Token | undefined;
  while (i < program.length) {
    const ch = program[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '#') {
      while (i < program.length && program[i] !== '\n') i++;
      continue;
    }
    if (ch === '"') {
      let end = i + 1;
      let text = '';
      while (end < program.length && program[end] !== '"') {
        if (program[end] === '\\' && end + 1 < program.length) {
          const next = program[end + 1]!;
          text += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          end += 2;
        } else text += program[end++];
      }
      if (end >= program.length) return { ...effects, unclear: 'a string does not close' };
      tokens.push((lastSignificant = { kind: 'string', text }));
      i = end + 1;
      continue;
    }
    // A `/` where an operand is expected starts a regular expression.
    if (ch === '/' && (!lastSignificant || (lastSignificant.kind === 'op' && !/^[)\]]$/.test(lastSignificant.text)))) {
      let end = i + 1;
      while (end < program.length && program[end] !== '/') end += program[end] === '\\' ? 2 : 1;
      i = end + 1;
      tokens.push((lastSignificant = { kind: 'word', text: '/re/' }));
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(program.slice(i));
    if (word) {
      tokens.push((lastSignificant = { kind: 'word', text: word[0] }));
      i += word[0].length;
      continue;
    }
    const op = /^(\|\||\|&|>>|&&|[|><(){};,!~=+\-*/%^?:[\]$])/.exec(program.slice(i));
    const text = op ? op[0] : ch;
    tokens.push((lastSignificant = { kind: 'op', text }));
    i += text.length;
  }
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token.kind === 'word' && token.text === 'system' && tokens[k + 1]?.text === '(') {
      const argument = tokens[k + 2];
      if (argument?.kind === 'string' && tokens[k + 3]?.text === ')') effects.commands.push(argument.text);
      else effects.runsUnknown = true;
    }
    if (token.kind === 'op' && (token.text === '|' || token.text === '|&')) {
      // `"cmd" | getline` reads from a command; `print … | "cmd"` writes to one.
      const before = tokens[k - 1];
      const after = tokens[k + 1];
      if (after?.text === 'getline' && before?.kind === 'string') effects.commands.push(before.text);
      else if (after?.kind === 'string') effects.commands.push(after.text);
      else effects.runsUnknown = true;
    }
    if (token.kind === 'op' && (token.text === '>' || token.text === '>>') && printsBefore(tokens, k)) {
      const target = tokens[k + 1];
      if (target?.kind === 'string') effects.writes.push(target.text);
      else return { ...effects, unclear: 'print writes to a file named at run time' };
    }
    if (token.kind === 'word' && token.text === 'getline' && tokens[k + 1]?.text === '<') {
      const source = tokens[k + 2];
      if (source?.kind === 'string') effects.reads.push(source.text);
      else return { ...effects, unclear: 'getline reads a file named at run time' };
    }
  }
  return effects;
}

/** Whether the `>` at `k` belongs to a print statement (not a comparison). */
function printsBefore(tokens: { kind: string; text: string }[], k: number): boolean {
  let depth = 0;
  for (let j = k - 1; j >= 0; j--) {
    const text = tokens[j]!.text;
    if (text === ')') depth++;
    else if (text === '(') {
      if (depth === 0) return false;
      depth--;
    } else if (depth === 0 && (text === ';' || text === '{' || text === '}')) return false;
    else if (depth === 0 && (text === 'print' || text === 'printf')) return true;
  }
  return false;
}
