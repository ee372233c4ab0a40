import * as z from 'zod';
import { backtrackFree } from '../linearRegex';

/** An MCP tool's arguments: always a JSON object (the protocol requires `type: "object"`). */
export type McpToolInput = Record<string, unknown>;

/** Keywords whose value is one subschema. */
const SUBSCHEMA_KEYS = ['items', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames'] as const;
/**
 * Keywords whose value is a list of subschemas. Not `allOf`: its members each see the whole
 * object, so making them strict would reject the fields the other members define.
 */
const SUBSCHEMA_LIST_KEYS = ['anyOf', 'oneOf', 'prefixItems'] as const;
/** Keywords whose value maps names to subschemas. */
const SUBSCHEMA_MAP_KEYS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;

/**
 * A Zod schema that checks a call's arguments against the server's JSON Schema before the call
 * goes out, so a wrong type or a missing field fails like any tool's input. Objects that do not say
 * whether they allow other fields are made strict, as every input schema of the tool system is.
 * A schema Zod cannot express (`if`/`then`, `not`, external `$ref`s) falls back to any object:
 * the server still validates what it gets. So does it a `pattern` (or a `patternProperties` name)
 * that V8's backtracking engine, which Zod runs them on, could take exponential time on: such a
 * pattern is left out of the check here (linearRegex.ts), not run.
 */
export function zodFromToolInputSchema(jsonSchema: Record<string, unknown>): z.ZodType<McpToolInput> {
  try {
    const converted = z.fromJSONSchema(withStrictObjects(jsonSchema, 0, true) as z.core.JSONSchema.JSONSchema);
    // The root is an object schema (the protocol and the SDK's listing both insist), so what it
    // accepts is an object.
    return converted as z.ZodType<McpToolInput>;
  } catch {
    return z.record(z.string(), z.unknown());
  }
}

/** The server's schema as the model is shown it: strict, like the Zod schema that checks the input. */
export function strictToolInputSchema(jsonSchema: Record<string, unknown>): Record<string, unknown> {
  return withStrictObjects(jsonSchema) as Record<string, unknown>;
}

/** How deep `withStrictObjects` goes; a server's schema nested deeper is left as it is below that (50,000 levels overflowed the stack). */
const MAX_SCHEMA_DEPTH = 64;

/**
 * A copy of `schema` where every object schema without `additionalProperties` gets `false`;
 * `forMatching`: without the patterns a backtracking engine could hang on.
 */
function withStrictObjects(schema: unknown, depth = 0, forMatching = false): unknown {
  if (!isPlainObject(schema) || depth > MAX_SCHEMA_DEPTH) return schema;
  const withStrict = (sub: unknown) => withStrictObjects(sub, depth + 1, forMatching);
  const copy: Record<string, unknown> = { ...schema };
  for (const key of SUBSCHEMA_KEYS) if (key in copy) copy[key] = withStrict(copy[key]);
  for (const key of SUBSCHEMA_LIST_KEYS) {
    const list = copy[key];
    if (Array.isArray(list)) copy[key] = list.map(withStrict);
  }
  for (const key of SUBSCHEMA_MAP_KEYS) {
    const map = copy[key];
    if (isPlainObject(map)) copy[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, withStrict(sub)]));
  }
  if (isPlainObject(copy.additionalProperties)) copy.additionalProperties = withStrict(copy.additionalProperties);
  const isObjectSchema = copy.type === 'object' || (Array.isArray(copy.type) && copy.type.includes('object'));
  if (isObjectSchema && !('additionalProperties' in copy) && !('patternProperties' in copy)) copy.additionalProperties = false;
  if (forMatching) {
    if (typeof copy.pattern === 'string' && !backtrackFree(copy.pattern)) delete copy.pattern;
    if (isPlainObject(copy.patternProperties) && !Object.keys(copy.patternProperties).every(backtrackFree)) delete copy.patternProperties;
  }
  return copy;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * How deep a server's input schema may nest for its tool to join the pool. A deeper one (20,000
 * levels came from one server) overflowed the stack wherever the schema was written out as JSON or
 * copied, and ended the whole run; its tool is left out with {@link schemaTooDeep}'s reason, and the
 * server's other tools work.
 */
export const MAX_TOOL_SCHEMA_DEPTH = 256;

/** Why `schema` is refused for nesting deeper than {@link MAX_TOOL_SCHEMA_DEPTH}, or `undefined`; walked without recursion, never past the limit. */
export function schemaTooDeep(schema: unknown): string | undefined {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: schema, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_TOOL_SCHEMA_DEPTH) return `its input schema nests deeper than ${MAX_TOOL_SCHEMA_DEPTH} levels, more than any input is checked through here: the server's other tools work`;
    for (const value of Object.values(node)) stack.push({ node: value, depth: depth + 1 });
  }
  return undefined;
}

/**
 * The `$ref` chain of a server's input schema that goes round without reaching a schema (`A` is
 * `B`, `B` is `A`), as the pointers in order, or `undefined`. Such a schema describes no value: its
 * tool's input cannot be checked, so the tool is left out of the pool with this as the reason. A
 * recursive schema that nests (a tree's `children` items are the tree) is not a loop. Walked
 * without recursion, to the depth the strict copy goes.
 */
export function refLoopOf(schema: Record<string, unknown>): string[] | undefined {
  const refs = new Set<string>();
  const stack: Array<{ node: unknown; depth: number }> = [{ node: schema, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== 'object' || node === null || depth > MAX_SCHEMA_DEPTH) continue;
    if (!Array.isArray(node) && typeof (node as { $ref?: unknown }).$ref === 'string') refs.add((node as { $ref: string }).$ref);
    for (const value of Object.values(node)) stack.push({ node: value, depth: depth + 1 });
  }
  for (const start of refs) {
    const chain = [start];
    for (let target = pointerTarget(schema, start); isPlainObject(target) && typeof target.$ref === 'string'; target = pointerTarget(schema, target.$ref)) {
      const next = target.$ref;
      if (chain.includes(next)) return [...chain.slice(chain.indexOf(next)), next];
      chain.push(next);
    }
  }
  return undefined;
}

/** What a local JSON pointer (`#/$defs/A`) names in `root`, or `undefined` (an outside or broken one). */
function pointerTarget(root: Record<string, unknown>, pointer: string): unknown {
  if (!pointer.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const segment of pointer.slice(1).split('/').slice(1)) {
    if (!isPlainObject(node)) return undefined;
    node = node[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

