import { describe, expect, it } from 'vitest';
import { buildTool } from '../buildTool';
import { parseToolInput } from '../execution';
import { strictToolInputSchema, zodFromToolInputSchema } from './inputSchema';

const accepts = (schema: Record<string, unknown>, value: unknown) => zodFromToolInputSchema(schema).safeParse(value).success;

describe('zodFromToolInputSchema', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      count: { type: 'integer' },
      ratio: { type: 'number' },
      force: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' } },
      mode: { type: 'string', enum: ['fast', 'slow'] },
      nested: { type: 'object', properties: { depth: { type: 'integer' } } },
    },
    required: ['name'],
  };

  it('accepts what the JSON Schema accepts', () => {
    expect(accepts(schema, { name: 'a', count: 2, ratio: 0.5, force: true, tags: ['x'], mode: 'fast', nested: { depth: 1 } })).toBe(true);
    expect(accepts(schema, { name: 'a' })).toBe(true);
  });

  it.each([
    ['a missing required field', { count: 1 }],
    ['a wrong type', { name: 1 }],
    ['a fraction for an integer', { name: 'a', count: 1.5 }],
    ['a value outside the enum', { name: 'a', mode: 'medium' }],
    ['a wrong array item', { name: 'a', tags: [1] }],
    ['an unknown field', { name: 'a', extra: true }],
    ['an unknown nested field', { name: 'a', nested: { depth: 1, width: 2 } }],
  ])('rejects %s', (_what, value) => {
    expect(accepts(schema, value)).toBe(false);
  });

  it('leaves an object open when the server says it allows other fields', () => {
    expect(accepts({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true }, { a: 'x', b: 1 })).toBe(true);
  });

  it('keeps allOf members open, so each sees the fields of the others', () => {
    const combined = { type: 'object', allOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { b: { type: 'string' } } }] };
    expect(accepts(combined, { a: 'x', b: 'y' })).toBe(true);
  });

  it('falls back to any object for a schema Zod cannot express', () => {
    const conditional = { type: 'object', if: { properties: { a: { const: 1 } } }, then: { required: ['b'] } };
    expect(accepts(conditional, { a: 1 })).toBe(true);
    expect(accepts(conditional, 'not an object')).toBe(false);
  });

  it('does not change the schema it was given', () => {
    const given = { type: 'object', properties: { a: { type: 'string' } } };
    zodFromToolInputSchema(given);
    expect(given).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
  });
});

describe('hostile input schemas', () => {
  it('a schema whose $refs go round without end fails a call’s input check with a message, never a stack overflow', () => {
    const cyclic = { type: 'object', properties: { x: { $ref: '#/$defs/A' } }, $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } } };
    const tool = buildTool({
      name: 'mcp__hostile__loop',
      inputSchema: zodFromToolInputSchema(cyclic),
      prompt: () => 'p',
      call: () => Promise.resolve({ output: 'ok' }),
      render: { use: () => ({ title: 'use' }), result: () => ({ title: 'result' }) },
    });
    const parsed = parseToolInput(tool, { id: 'toolu_1', name: tool.name, input: { x: 1 } });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(/^InputValidationError: mcp__hostile__loop's input could not be checked against its schema \(Maximum call stack size exceeded\)/);
  });

  it('a pattern a backtracking engine would take hours on is left to the server; one it runs in linear time is checked here', () => {
    const hostile = { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } }, patternProperties: { '^(x+)+y$': { type: 'string' } } };
    expect(accepts(hostile, { s: `${'a'.repeat(50_000)}!` })).toBe(true);
    expect(strictToolInputSchema(hostile)).toEqual(hostile);
    const plain = { type: 'object', properties: { s: { type: 'string', pattern: '^[a-z][0-9]$' } } };
    expect(accepts(plain, { s: 'a1' })).toBe(true);
    expect(accepts(plain, { s: 'ab' })).toBe(false);
  });

  it('a schema nested 50,000 deep is shown to the model without overflowing', () => {
    let deep: Record<string, unknown> = { type: 'object' };
    for (let i = 0; i < 50_000; i++) deep = { type: 'object', properties: { a: deep } };
    const strict = strictToolInputSchema(deep);
    expect(strict.additionalProperties).toBe(false);
  });
});
