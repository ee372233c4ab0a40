/**
 * Commands whose exit code 1 is an answer, not a failure: grep and rg found nothing, diff found a
 * difference, test found the condition false (the real agent does not count these as errors).
 */
const ANSWERS_WITH_EXIT_1: Readonly<Record<string, string>> = {
  grep: 'no line matched',
  egrep: 'no line matched',
  fgrep: 'no line matched',
  rg: 'no line matched',
  diff: 'the inputs differ',
  test: 'the condition is false',
  '[': 'the condition is false',
  '[[': 'the condition is false',
};

/** What exit code 1 means for `command`, when it is an answer rather than an error. */
export function benignExitMeaning(command: string, exitCode: number): string | undefined {
  if (exitCode !== 1) return undefined;
  const name = lastCommandName(command);
  return name !== undefined && Object.hasOwn(ANSWERS_WITH_EXIT_1, name) ? ANSWERS_WITH_EXIT_1[name] : undefined;
}

/**
 * The name of the command that decides a command line's exit status: the first word of its last
 * simple command, split on unquoted `;`, `&`, `&&`, `|`, `||`, newlines and parentheses. Leading
 * variable assignments, `!` and braces are skipped; a path is cut to its base name. A light
 * scanner, not a parser: quotes, escapes and `$(…)` are honoured, which is all the exit rule needs.
 */
export function lastCommandName(command: string): string | undefined {
  const segments = splitSimpleCommands(command);
  for (let i = segments.length - 1; i >= 0; i--) {
    const words = splitWords(segments[i]!);
    const first = words.find((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word) && word !== '!' && word !== '{' && word !== '}');
    if (first !== undefined) return first.slice(first.lastIndexOf('/') + 1) || first;
  }
  return undefined;
}

function splitSimpleCommands(command: string): string[] {
  const segments: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  let depth = 0; // inside $( … ) or ` … `
  for (let i = 0; i < command.length; i++) {
    const char = command[i]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      current += char;
      continue;
    }
    if (char === '\\' && i + 1 < command.length) {
      current += char + command[++i]!;
      continue;
    }
    if (quote === '"') {
      if (char === '"') quote = undefined;
      current += char;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    if (char === '$' && command[i + 1] === '(') {
      depth++;
      current += '$(';
      i++;
      continue;
    }
    if (depth > 0) {
      if (char === '(') depth++;
      else if (char === ')') depth--;
      current += char;
      continue;
    }
    // `2>&1`, `&>file` and `>|file` are redirections, not separators.
    const redirection = (char === '&' || char === '|') && (/[<>]$/.test(current) || (char === '&' && command[i + 1] === '>'));
    if (!redirection && (char === ';' || char === '&' || char === '|' || char === '\n' || char === '(' || char === ')')) {
      segments.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  segments.push(current);
  return segments.filter((segment) => segment.trim() !== '');
}

function splitWords(segment: string): string[] {
  const words: string[] = [];
  for (const match of segment.matchAll(/(?:[^\s"'\\]+|"(?:[^"\\]|\\.)*"|'[^']*'|\\.)+/g)) {
    words.push(match[0].replace(/^["']|["']$/g, ''));
  }
  return words;
}
