/** How a form shows one input field: a text box, a number box, a choice, a tick box, or JSON text. */
export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

/** One field of a form made from an object's JSON Schema. */
export interface SchemaField {
  name: string;
  kind: FieldKind;
  required: boolean;
  description?: string;
  /** The choices of an `enum` field. */
  choices?: readonly (string | number | boolean)[];
  /** The text the field starts with (its schema's `default`, as text). */
  initial: string;
  /** A JSON field's type, as the schema says it (`array`, `object`, …). */
  hint?: string;
}

/** What a field holds while the person edits: the text of its box (a tick box: `"true"` or `""`). */
export type FieldValues = Record<string, string>;

/** The form's fields; `null` when the schema lists no properties (the form is one JSON text for the whole input). */
export function fieldsOf(schema: Record<string, unknown>): SchemaField[] | null {
  const properties = schema.properties;
  if (!isObject(properties) || Object.keys(properties).length === 0) {
    return schema.additionalProperties === false || schema.type === undefined ? [] : null;
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : []);
  return Object.entries(properties).map(([name, raw]) => fieldOf(name, isObject(raw) ? raw : {}, required.has(name)));
}

function fieldOf(name: string, schema: Record<string, unknown>, required: boolean): SchemaField {
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  const base = { name, required, ...(description !== undefined ? { description } : {}) };
  const fallback: unknown = schema.default;
  const initial = fallback === undefined ? '' : typeof fallback === 'string' ? fallback : JSON.stringify(fallback);
  if (Array.isArray(schema.enum) && schema.enum.every((value) => ['string', 'number', 'boolean'].includes(typeof value))) {
    return { ...base, kind: 'enum', choices: schema.enum as (string | number | boolean)[], initial };
  }
  const declared: unknown = schema.type;
  const type: unknown = Array.isArray(declared) ? declared.find((entry) => entry !== 'null') : declared;
  switch (type) {
    case 'string':
      return { ...base, kind: 'string', initial };
    case 'number':
    case 'integer':
      return { ...base, kind: type, initial };
    case 'boolean':
      return { ...base, kind: 'boolean', initial: fallback === true ? 'true' : fallback === false && !required ? 'false' : '' };
    default:
      return { ...base, kind: 'json', initial, hint: typeof type === 'string' ? type : 'JSON' };
  }
}

/** The values a form starts with. */
export function initialValues(fields: readonly SchemaField[]): FieldValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.initial]));
}

/**
 * The tool input a form's values make: empty optional fields left out, numbers as numbers, JSON
 * fields parsed; or, per field, why its text cannot be read. Whether the input fits the schema is
 * the pipeline's to say (the call's own validation), as for a model's call.
 */
export function inputOf(
  fields: readonly SchemaField[],
  values: FieldValues,
): { ok: true; input: Record<string, unknown> } | { ok: false; problems: Record<string, string> } {
  const input: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const text = values[field.name] ?? '';
    if (field.kind === 'boolean') {
      // A required tick box is true or false; an optional one may be left unset.
      if (field.required) input[field.name] = text === 'true';
      else if (text !== '') input[field.name] = text === 'true';
      continue;
    }
    if (text === '') {
      if (field.kind === 'string' && field.required) input[field.name] = '';
      continue;
    }
    switch (field.kind) {
      case 'string':
        input[field.name] = text;
        break;
      case 'enum':
        input[field.name] = field.choices?.find((choice) => String(choice) === text) ?? text;
        break;
      case 'number':
      case 'integer': {
        const value = Number(text);
        if (text.trim() === '' || Number.isNaN(value)) problems[field.name] = `"${text}" is not a number`;
        else input[field.name] = value;
        break;
      }
      case 'json':
        try {
          input[field.name] = JSON.parse(text) as unknown;
        } catch {
          problems[field.name] = `not JSON: ${field.hint === 'array' ? 'e.g. ["a", "b"]' : field.hint === 'object' ? 'e.g. {"key": "value"}' : 'a JSON value'}`;
        }
        break;
      default: {
        const exhaustive: never = field.kind;
        return exhaustive;
      }
    }
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, input };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
