/**
 * Places where bash evaluates a value a second time, so a value that carries `$(…)` runs it:
 * arithmetic (`$((x))`, `let`, `[[ a -eq b ]]`), array subscripts, `${!ref}` and `${x@P}`. A
 * variable that may hold such a value (`LineVariables.tainted`) met there hides what runs.
 */
import { literalWord } from './words';
import type { WalkContext, WalkerView as Walker } from './types';

const ARITHMETIC_TAINT = 'is evaluated as arithmetic, and a value it may hold can run commands from an array subscript';

/** `${a[…]}` subscripts, `${!ref}` and `${x@P}`. */
export function checkParameter(walker: Walker, record: Record<string, unknown>, context: WalkContext): void {
  const name = String(record.parameter);
  if (name.includes('[')) walker.subscriptOf(name, context);
  const operation = record.operation as { type?: string; operator?: string } | null;
  const base = name.replace(/\[.*$/s, '');
  if (operation?.type === 'Indirection' && walker.vars.tainted(base)) {
    walker.hide(undefined, `\${!${base}} expands the variable named by $${base}, whose value may carry a command substitution`);
  }
  if (operation?.type === 'Transform' && operation.operator === 'P' && walker.vars.tainted(base)) {
    walker.hide(undefined, `\${${base}@P} expands $${base} as a prompt, running any command substitution in it`);
  }
}

/** The variables an arithmetic expression evaluates. */
export function checkArithmetic(walker: Walker, expression: unknown): void {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Record<string, unknown>;
    if (record.type === 'ArithVariable') names.add(String(record.name));
    if (record.type === 'ArithArrayElement' || record.type === 'ArithDoubleSubscript') names.add(String(record.array));
    if (record.type === 'ArithBracedExpansion') names.add(String(record.content).replace(/^[#!]?([A-Za-z_0-9@*]+).*$/s, '$1'));
    if (record.type === 'ArithDynamicAssignment' || record.type === 'ArithDynamicElement') names.add('*');
    for (const value of Object.values(record)) if (typeof value === 'object') visit(value);
  };
  visit(expression);
  for (const name of names) if (walker.vars.tainted(name)) walker.hide(undefined, `$${name} ${ARITHMETIC_TAINT}`);
}

/** `[[ … ]]`: the operands of `-eq` and its kin are arithmetic; `-v` takes a name. */
export function checkConditional(walker: Walker, expression: unknown, context: WalkContext): void {
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.type === 'CondBinary' && /^-(eq|ne|lt|le|gt|ge)$/.test(String(record.operator))) {
      for (const side of [record.left, record.right]) {
        const text = literalWord(side as never, walker.scope());
        if (text !== null) walker.arithmeticText(text, context);
        else checkArithmeticWord(walker, side);
      }
    }
    if (record.type === 'CondUnary' && record.operator === '-v') {
      const text = literalWord(record.operand as never, walker.scope());
      if (text !== null && text.includes('[')) walker.subscriptOf(text, context);
    }
    for (const value of Object.values(record)) if (typeof value === 'object') visit(value);
  };
  visit(expression);
}

/** A word whose expansion is evaluated as arithmetic: each variable it expands must be clean. */
function checkArithmeticWord(walker: Walker, word: unknown): void {
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.type === 'ParameterExpansion' && walker.vars.tainted(String(record.parameter).replace(/\[.*$/s, ''))) {
      walker.hide(undefined, `$${String(record.parameter)} ${ARITHMETIC_TAINT}`);
    }
    if (record.type === 'CommandSubstitution') walker.hide(undefined, 'the output of a command substitution is evaluated as arithmetic, where an array subscript in it runs commands');
    for (const value of Object.values(record)) if (typeof value === 'object') visit(value);
  };
  visit(word);
}
