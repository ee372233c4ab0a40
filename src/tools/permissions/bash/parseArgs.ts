import type { WordValue } from './words';

/** Operands and options, read GNU-style. */
export interface Parsed {
  operands: WordValue[];
  options: { name: string; value?: WordValue }[];
}

/** GNU-style option reading (options anywhere before `--`); `values` are the letters taking a value. */
export function parse(args: readonly WordValue[], values = '', longValues: readonly string[] = []): Parsed {
  const parsed: Parsed = { operands: [], options: [] };
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const text = word.text;
    if (text === '--') {
      parsed.operands.push(...args.slice(i + 1));
      break;
    }
    if (text === null || !text.startsWith('-') || text === '-') parsed.operands.push(word);
    else if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const name = text.slice(2, eq < 0 ? undefined : eq);
      if (eq >= 0) parsed.options.push({ name, value: { text: text.slice(eq + 1) } });
      else if (longValues.includes(name)) parsed.options.push({ name, ...(args[i + 1] ? { value: args[++i]! } : {}) });
      else parsed.options.push({ name });
    } else {
      for (let k = 1; k < text.length; k++) {
        const letter = text[k]!;
        if (values.includes(letter)) {
          const value = k + 1 < text.length ? { text: text.slice(k + 1) } : args[++i];
          parsed.options.push({ name: letter, ...(value ? { value } : {}) });
          break;
        }
        parsed.options.push({ name: letter });
      }
    }
  }
  return parsed;
}

/** Whether one of these options was given. */
export const has = (parsed: Parsed, ...names: string[]) => parsed.options.some((option) => names.includes(option.name));
/** The values given to these options. */
export const valuesOf = (parsed: Parsed, ...names: string[]) => parsed.options.filter((o) => names.includes(o.name) && o.value).map((o) => o.value!);
