import { describe, expect, it } from 'vitest';
import { toApiTool } from '../../tools/apiSchema';
import { getAllBaseTools } from '../../tools/registry';
import { fieldsOf, initialValues, inputOf } from './schemaFields';

function schemaOf(name: string): Record<string, unknown> {
  const tool = getAllBaseTools().find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return toApiTool(tool).input_schema;
}

describe('a form made from a tool’s JSON Schema', () => {
  it('gives Write two required text fields, and its values make the input the tool takes', () => {
    const fields = fieldsOf(schemaOf('Write'))!;
    expect(fields.map((field) => [field.name, field.kind, field.required])).toEqual([
      ['file_path', 'string', true],
      ['content', 'string', true],
    ]);
    expect(inputOf(fields, { file_path: 'a.txt', content: '' })).toEqual({ ok: true, input: { file_path: 'a.txt', content: '' } });
  });

  it('reads numbers, choices, tick boxes and JSON, and leaves empty optional fields out', () => {
    const fields = fieldsOf({
      type: 'object',
      properties: {
        count: { type: 'integer' },
        ratio: { type: ['number', 'null'] },
        mode: { enum: ['fast', 'slow'], default: 'slow' },
        loud: { type: 'boolean' },
        strict: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
        note: { type: 'string' },
      },
      required: ['count', 'strict'],
    })!;
    expect(fields.map((field) => field.kind)).toEqual(['integer', 'number', 'enum', 'boolean', 'boolean', 'json', 'string']);
    expect(initialValues(fields)).toMatchObject({ mode: 'slow', strict: '' });
    expect(inputOf(fields, { ...initialValues(fields), count: '3', ratio: '0.5', tags: '["a","b"]' })).toEqual({
      ok: true,
      input: { count: 3, ratio: 0.5, mode: 'slow', strict: false, tags: ['a', 'b'] },
    });
    expect(inputOf(fields, { ...initialValues(fields), count: '3', loud: 'true', strict: 'true' })).toEqual({
      ok: true,
      input: { count: 3, mode: 'slow', loud: true, strict: true },
    });
  });

  it('says per field what cannot be read, and leaves whether the input fits the schema to the pipeline', () => {
    const fields = fieldsOf({ type: 'object', properties: { n: { type: 'number' }, list: { type: 'array' } }, required: ['n'] })!;
    expect(inputOf(fields, { n: 'twelve', list: '[1,' })).toEqual({ ok: false, problems: { n: '"twelve" is not a number', list: 'not JSON: e.g. ["a", "b"]' } });
    // A missing required number is the call's own validation error, as for a model's call.
    expect(inputOf(fields, { n: '', list: '' })).toEqual({ ok: true, input: {} });
  });

  it('has no fields for a tool that takes nothing, and one JSON text when the schema lists no properties', () => {
    expect(fieldsOf({ type: 'object', properties: {}, additionalProperties: false })).toEqual([]);
    expect(fieldsOf({ type: 'object' })).toBeNull();
  });
});
