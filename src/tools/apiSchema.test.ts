import { describe, expect, it } from 'vitest';
import { toApiTool } from './apiSchema';
import { getAllBaseTools } from './registry';

describe('toApiTool', () => {
  it.each(getAllBaseTools().map((tool) => [tool.name, tool] as const))('gives %s a strict object input_schema from its Zod schema', (_name, tool) => {
    const api = toApiTool(tool);
    expect(api.name).toBe(tool.name);
    expect(api.description.length).toBeGreaterThan(20);
    expect(api.input_schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(api.input_schema.properties).toBeTypeOf('object');
    // EnterPlanMode takes no input; every other tool has fields.
    if (tool.name !== 'EnterPlanMode') expect(Object.keys(api.input_schema.properties as object).length).toBeGreaterThan(0);
    expect(api.input_schema).not.toHaveProperty('$schema');
  });

  it("names Read's required and optional fields as the model sees them", () => {
    const read = toApiTool(getAllBaseTools().find((tool) => tool.name === 'Read')!);
    expect(read.input_schema.required).toEqual(['file_path']);
    expect(Object.keys(read.input_schema.properties as object).sort()).toEqual(['file_path', 'limit', 'offset']);
  });

  it('leaves defaulted fields optional (Edit.replace_all)', () => {
    const edit = toApiTool(getAllBaseTools().find((tool) => tool.name === 'Edit')!);
    expect(edit.input_schema.required).toEqual(expect.not.arrayContaining(['replace_all']));
  });
});
