/**
 * What the analysis knows of the line's variables, from one pass over the whole syntax tree before
 * the walk: which names are assigned, how often, and whether every value is a plain literal. It
 * decides two things. A `$VAR` is replaced by its value only when VAR is assigned exactly once on
 * the line, to a literal, before it is used. And a variable is *tainted* when a value it may hold
 * can carry a command substitution: bash evaluates such values again in arithmetic, array
 * subscripts, `${!ref}`, `${x@P}` and namerefs, and `x='a[$(rm y)]'; echo $((x))` runs `rm y`.
 */

/** Builtins whose plain word arguments name variables they assign. */
const ASSIGNING_BUILTINS = new Set(['read', 'declare', 'typeset', 'local', 'export', 'readonly', 'mapfile', 'readarray', 'getopts', 'let', 'printf', 'unset']);
/** Variables bash sets from outside data (input lines, matches, directory names). */
const SHELL_SET = new Set(['REPLY', 'MAPFILE', 'OPTARG', 'BASH_REMATCH', 'PWD', 'OLDPWD', '_', 'DIRSTACK', 'BASH_COMMAND', 'BASH_ARGV', 'BASH_SOURCE', 'FUNCNAME', 'COPROC']);

interface NameRecord {
  count: number;
  /** Every assignment is a plain literal without `$` or backticks. */
  safe: boolean;
}

/** The line's variables, gathered once; the walk asks it. */
export class LineVariables {
  private readonly names = new Map<string, NameRecord>();
  /** `eval`, `source`, `.` or a dynamic assignment builtin appear: any variable may hold anything. */
  private everything = false;
  /** Literal values assigned so far in the walk, at places that certainly ran. */
  private readonly values = new Map<string, string>();
  /** IFS is changed somewhere: unquoted expansions may split anywhere. */
  private ifsChanged = false;

  constructor(ast: unknown) {
    this.gather(ast);
  }

  /** A variable's certain literal value at this point of the walk. */
  valueOf(name: string): string | undefined {
    if (this.everything || this.ifsChanged) return undefined;
    const record = this.names.get(name);
    if (!record || record.count !== 1) return undefined;
    return this.values.get(name);
  }

  /** Whether the line assigns the variable anywhere (or may, through `eval` and the like). */
  isAssigned(name: string): boolean {
    return this.everything || this.names.has(name);
  }

  /** The walk passed a plain assignment that certainly ran. */
  assigned(name: string, value: string | null): void {
    if (value !== null) this.values.set(name, value);
  }

  /** Whether a value the variable may hold can carry a command substitution. */
  tainted(name: string): boolean {
    if (this.everything || SHELL_SET.has(name)) return true;
    // Positional parameters hold arguments; the other special parameters hold numbers and flags.
    if (/^[1-9@*]/.test(name)) return true;
    if (/^[0#?!$-]/.test(name)) return false;
    const record = this.names.get(name);
    return record !== undefined && !record.safe;
  }

  /** Whether any variable on the line is tainted (for `declare -i`, which re-evaluates assignments). */
  anyTainted(): boolean {
    return this.everything || [...this.names.values()].some((record) => !record.safe);
  }

  private note(name: string, safe: boolean): void {
    const base = name.replace(/\[.*$/s, '');
    if (base === 'IFS') this.ifsChanged = true;
    const record = this.names.get(base) ?? { count: 0, safe: true };
    record.count++;
    record.safe &&= safe;
    this.names.set(base, record);
  }

  private gather(node: unknown): void {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) this.gather(item);
      return;
    }
    const record = node as Record<string, unknown>;
    switch (record.type) {
      case 'Assignment': {
        const value = record.value as { parts: { type: string; value?: string }[] } | null;
        const literal = value === null ? record.array === null : value.parts.every((part) => isPlainPart(part));
        this.note(String(record.name), literal);
        break;
      }
      case 'ArithAssignment':
        this.note(String(record.variable), true);
        break;
      case 'For':
        this.note(String(record.variable), false);
        break;
      case 'ParameterExpansion': {
        const operation = record.operation as { type?: string } | null;
        if (operation?.type === 'AssignDefault') this.note(String(record.parameter), false);
        break;
      }
      case 'SimpleCommand':
        this.builtinAssignments(record);
        break;
      default:
        break;
    }
    for (const value of Object.values(record)) if (typeof value === 'object') this.gather(value);
  }

  /** `read x`, `declare y=…`, `eval …`: names a builtin assigns, counted as unknown values. */
  private builtinAssignments(command: Record<string, unknown>): void {
    const word = (node: unknown): string | null => {
      const parts = (node as { parts?: { type: string; value?: string }[] } | null)?.parts;
      if (!parts || !parts.every((part) => isPlainPart(part))) return null;
      return parts.map((part) => part.value ?? '').join('');
    };
    const name = word(command.name);
    if (name === null) return;
    if (name === 'eval' || name === 'source' || name === '.') {
      this.everything = true;
      return;
    }
    if (!ASSIGNING_BUILTINS.has(name)) return;
    for (const arg of (command.args as unknown[]) ?? []) {
      const text = word(arg);
      if (text === null) {
        this.everything = true;
        continue;
      }
      const match = /^([A-Za-z_][A-Za-z0-9_]*)(\[.*\])?(\+?=(.*))?$/s.exec(text);
      if (match) this.note(match[1]!, match[3] !== undefined && !/[$`]/.test(match[4] ?? '') && name !== 'read' && name !== 'mapfile' && name !== 'readarray');
    }
  }
}

function isPlainPart(part: { type: string; value?: string }): boolean {
  return (part.type === 'Literal' || part.type === 'SingleQuoted' || part.type === 'Escaped') && !/[$`]/.test(part.value ?? '');
}
