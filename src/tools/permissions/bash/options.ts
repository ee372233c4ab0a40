import type { WordValue } from './words';

/** The options a program takes before its operands, as far as the analysis needs them. */
export interface OptionSpec {
  /** Short options that take a value (`-n 5` or `-n5`). */
  short?: string;
  /** Short options that take no value. */
  flags?: string;
  /** Short options whose value, if any, is attached (`-i{}`): they never take the next word. */
  attached?: string;
  /** Long options that take a value (`--signal KILL` or `--signal=KILL`). */
  long?: readonly string[];
  /** Long options that take no value (or only an attached `=value`). */
  longFlags?: readonly string[];
  /** `-10` is an option (nice). */
  numeric?: boolean;
}

/** An option the scan read, with its value when it takes one. */
export interface ReadOption {
  name: string;
  value?: WordValue;
}

/** Where the operands start, and the options before them; or why the scan cannot tell. */
export type OptionScan = { ok: true; index: number; options: ReadOption[] } | { ok: false; reason: string };

/**
 * Reads the options at the start of `args` (after the program name) up to the first operand or
 * `--`. An option the spec does not know, or a word known only at run time where an option could
 * stand, ends the scan with a reason: the analysis then cannot tell what the program runs.
 */
export function scanOptions(program: string, args: readonly WordValue[], spec: OptionSpec, start = 0): OptionScan {
  const options: ReadOption[] = [];
  let i = start;
  while (i < args.length) {
    const text = args[i]!.text;
    if (text === null) return { ok: false, reason: `${program} has a word known only at run time where an option or its command may stand` };
    if (text === '--') return { ok: true, index: i + 1, options };
    if (!text.startsWith('-') || text === '-') return { ok: true, index: i, options };
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const name = eq < 0 ? text.slice(2) : text.slice(2, eq);
      if (spec.long?.includes(name)) {
        if (eq >= 0) options.push({ name, value: { text: text.slice(eq + 1) } });
        else {
          const value = args[i + 1];
          if (value === undefined) return { ok: false, reason: `${program} --${name} has no value` };
          options.push({ name, value });
          i++;
        }
      } else if (spec.longFlags?.includes(name)) {
        options.push(eq < 0 ? { name } : { name, value: { text: text.slice(eq + 1) } });
      } else return { ok: false, reason: `${program} has an option the analysis does not know: --${name}` };
      i++;
      continue;
    }
    if (spec.numeric && /^-\d+$/.test(text)) {
      options.push({ name: text.slice(1) });
      i++;
      continue;
    }
    // A cluster of short options: `-xzf file`, `-n5`, `-I{}`.
    let consumedNext = false;
    for (let k = 1; k < text.length; k++) {
      const letter = text[k]!;
      if (spec.attached?.includes(letter)) {
        options.push(k + 1 < text.length ? { name: letter, value: { text: text.slice(k + 1) } } : { name: letter });
        break;
      }
      if (spec.short?.includes(letter)) {
        if (k + 1 < text.length) options.push({ name: letter, value: { text: text.slice(k + 1) } });
        else {
          const value = args[i + 1];
          if (value === undefined) return { ok: false, reason: `${program} -${letter} has no value` };
          options.push({ name: letter, value });
          consumedNext = true;
        }
        break;
      }
      if (spec.flags?.includes(letter)) {
        options.push({ name: letter });
        continue;
      }
      return { ok: false, reason: `${program} has an option the analysis does not know: -${letter}` };
    }
    i += consumedNext ? 2 : 1;
  }
  return { ok: true, index: i, options };
}

/** Whether the scan read one of these options. */
export function hasOption(options: readonly ReadOption[], ...names: string[]): boolean {
  return options.some((option) => names.includes(option.name));
}

/** The value of the last of these options the scan read. */
export function optionValue(options: readonly ReadOption[], ...names: string[]): WordValue | undefined {
  return [...options].reverse().find((option) => names.includes(option.name) && option.value !== undefined)?.value;
}

/** The words' texts joined by spaces, or `null` when any is known only at run time. */
export function joinWords(words: readonly WordValue[]): string | null {
  const texts = words.map((word) => word.text);
  return texts.some((text) => text === null) ? null : texts.join(' ');
}

/** The text of a word as a shell would need it quoted to mean the same word. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
