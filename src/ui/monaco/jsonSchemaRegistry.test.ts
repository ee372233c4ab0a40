import { describe, expect, it } from 'vitest';
import { createJsonSchemaRegistry, type JsonSchemaEntry } from './jsonSchemaRegistry';

describe('createJsonSchemaRegistry', () => {
  it('publishes every owner’s schema and drops it on remove', () => {
    const published: JsonSchemaEntry[][] = [];
    const registry = createJsonSchemaRegistry((schemas) => published.push(schemas));
    registry.set('e1', { uri: 'schema:a', fileMatch: ['file:///a.json'], schema: { type: 'object' } });
    registry.set('e2', { uri: 'schema:b', fileMatch: ['file:///b.json'], schema: { type: 'array' } });
    expect(published.at(-1)?.map((s) => s.uri)).toEqual(['schema:a', 'schema:b']);
    registry.remove('e1');
    expect(published.at(-1)?.map((s) => s.uri)).toEqual(['schema:b']);
  });

  it('merges owners of one schema into one entry matching all their models', () => {
    let last: JsonSchemaEntry[] = [];
    const registry = createJsonSchemaRegistry((schemas) => (last = schemas));
    registry.set('e1', { uri: 'schema:s', fileMatch: ['file:///1.json'], schema: { v: 1 } });
    registry.set('e2', { uri: 'schema:s', fileMatch: ['file:///2.json'], schema: { v: 2 } });
    expect(last).toEqual([{ uri: 'schema:s', fileMatch: ['file:///1.json', 'file:///2.json'], schema: { v: 2 } }]);
  });

  it('does not republish when removing an unknown owner', () => {
    let calls = 0;
    const registry = createJsonSchemaRegistry(() => calls++);
    registry.remove('nobody');
    expect(calls).toBe(0);
  });
});
