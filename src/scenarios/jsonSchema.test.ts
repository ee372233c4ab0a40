import { describe, expect, it } from 'vitest';
import committed from '../../public/scenario.schema.json?raw';
import { scenarioJsonSchema, scenarioJsonSchemaText } from './jsonSchema';

interface ObjectSchema {
  properties: Record<string, ObjectSchema & { description?: string; default?: unknown }>;
  required?: string[];
  additionalProperties?: unknown;
}

describe('the published JSON Schema', () => {
  it('is what the Zod schema generates now (run `npm run schema` after changing the schema)', () => {
    expect(committed).toBe(scenarioJsonSchemaText());
  });

  it('leaves defaulted fields optional and shows their defaults', () => {
    const schema = scenarioJsonSchema() as unknown as ObjectSchema;
    expect(schema.required).toEqual(['id', 'title', 'turns']);
    const settings = schema.properties.settings!;
    expect(settings.required ?? []).toEqual([]);
    expect(settings.properties.policy).toMatchObject({ default: 'seed' });
    // A scheduling setting has no default of its own: the policy gives it.
    expect(settings.properties.maxConcurrency).not.toHaveProperty('default');
    expect(settings.additionalProperties).toBe(false);
  });

  it('documents every field for the editor’s completion', () => {
    const schema = scenarioJsonSchema() as unknown as ObjectSchema;
    for (const [name, field] of Object.entries(schema.properties)) expect(field.description, name).toBeTruthy();
    for (const [name, field] of Object.entries(schema.properties.settings!.properties)) expect(field.description, name).toBeTruthy();
  });
});
