import * as z from 'zod';
import { formatPath } from './issuePath';
import { scenarioSchema } from './schema';

type Issue = z.core.$ZodIssue;
type Primitive = z.core.util.Primitive;

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  record: 'an object',
  array: 'an array',
  null: 'null',
};

/** What a value is, in a few words: `a string ("300")`, `the number 5`, `an array`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`;
    case 'number':
      return `the number ${value}`;
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

const quote = (value: Primitive) => (typeof value === 'string' ? `"${value}"` : String(value));

function oneOf(values: readonly Primitive[]): string {
  const quoted = values.map(quote);
  if (quoted.length <= 1) return quoted.join('');
  if (quoted.length === 2) return `${quoted[0]} or ${quoted[1]}`;
  return `one of ${quoted.join(', ')}`;
}

/** What one branch of a union wanted, when it failed on the value itself. */
function branchExpectation(issues: readonly Issue[]): string | null {
  const issue = issues[0];
  if (!issue || issue.path.length > 0) return null;
  if (issue.code === 'invalid_type') return EXPECTED[issue.expected] ?? `a ${issue.expected}`;
  if (issue.code === 'invalid_value') return oneOf(issue.values);
  return null;
}

function unionMessage(issue: Extract<Issue, { code: 'invalid_union' }>): string {
  const got = describeValue(issue.input);
  if (issue.discriminator !== undefined && 'options' in issue && issue.options) {
    // The path ends at the discriminator; the input is the whole object.
    const input = issue.input;
    const actual = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[issue.discriminator] : undefined;
    const wanted = oneOf(issue.options);
    return actual === undefined ? `missing: expected ${wanted}` : `expected ${wanted}, got ${describeValue(actual)}`;
  }
  const wanted = issue.errors.map(branchExpectation);
  if (wanted.length > 0 && wanted.every((w) => w !== null)) return `expected ${wanted.join(' or ')}, got ${got}`;
  return `matches none of the allowed shapes, got ${got}`;
}

function boundMessage(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const small = issue.code === 'too_small';
  const bound = Number(small ? issue.minimum : issue.maximum);
  switch (issue.origin) {
    case 'number':
    case 'int': {
      const relation = issue.inclusive === false ? (small ? 'greater than' : 'less than') : small ? 'at least' : 'at most';
      return `must be ${relation} ${bound}, got ${describeValue(issue.input)}`;
    }
    case 'string':
      return small && bound === 1 ? 'must not be empty' : `must be ${small ? 'at least' : 'at most'} ${bound} characters long`;
    case 'array':
      return small && bound === 1 ? 'must not be empty: at least one entry is needed' : `must hold ${small ? 'at least' : 'at most'} ${bound} entries`;
    default:
      return issue.message;
  }
}

let knownFields: readonly string[] | undefined;

/** Every field name the format knows, for "did you mean" hints. */
function fieldNames(): readonly string[] {
  if (knownFields) return knownFields;
  const names = new Set<string>();
  const visit = (schema: z.core.$ZodType, seen: Set<z.core.$ZodType>) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    if (schema instanceof z.ZodObject) {
      const shape: z.core.$ZodShape = schema.shape;
      for (const [name, field] of Object.entries(shape)) {
        names.add(name);
        visit(field, seen);
      }
    } else if (schema instanceof z.ZodArray) visit(schema.element, seen);
    else if (schema instanceof z.ZodUnion) for (const option of schema.options) visit(option, seen);
    else if (schema instanceof z.ZodRecord) visit(schema.valueType, seen);
    else if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) visit(schema.unwrap(), seen);
  };
  visit(scenarioSchema, new Set());
  knownFields = [...names];
  return knownFields;
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The known field `key` was most likely meant to be, if one is close. */
export function suggestField(key: string): string | null {
  let best: { name: string; score: number } | null = null;
  for (const name of fieldNames()) {
    // The same name elsewhere in the format is no misspelling of it.
    if (name === key) continue;
    const score = name.toLowerCase() === key.toLowerCase() ? 0 : distance(name, key);
    if (score <= Math.min(2, Math.floor(name.length / 3)) && (!best || score < best.score)) best = { name, score };
  }
  return best?.name ?? null;
}

/**
 * One Zod issue in the scenario's words: a path a reader can find (`turns[0].stream[1].at`) and
 * a message that says what was expected and what was there. An issue about unknown fields becomes
 * one error per field, at the field's own path.
 */
export function describeIssue(issue: Issue): { path: string; message: string }[] {
  const path = formatPath(issue.path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const hint = suggestField(key);
        return { path: formatPath([...issue.path, key]), message: `unknown field "${key}"${hint ? ` (did you mean "${hint}"?)` : ''}` };
      });
    case 'invalid_type': {
      const wanted = EXPECTED[issue.expected] ?? `a ${issue.expected}`;
      return [{ path, message: issue.input === undefined ? `missing: expected ${wanted}` : `expected ${wanted}, got ${describeValue(issue.input)}` }];
    }
    case 'invalid_value':
      return [{ path, message: `expected ${oneOf(issue.values)}, got ${describeValue(issue.input)}` }];
    case 'invalid_union':
      return [{ path, message: unionMessage(issue) }];
    case 'too_small':
    case 'too_big':
      return [{ path, message: boundMessage(issue) }];
    case 'invalid_key':
      return issue.issues.map((inner) => ({ path, message: inner.message }));
    case 'invalid_format':
      return [{ path, message: `${issue.message}; got ${describeValue(issue.input)}` }];
    default:
      return [{ path, message: issue.message }];
  }
}
