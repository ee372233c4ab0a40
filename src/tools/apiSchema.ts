import * as z from 'zod';
import type { AnyTool } from './types';

/** A tool as the Messages API takes it in `tools`. */
export interface ApiToolDefinition {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/**
 * The model-facing definition of a tool: its prompt as the description and its Zod schema turned
 * into JSON Schema by `z.toJSONSchema` (the same schema that validates the model's input), as the
 * input side sees it, so defaulted fields are optional. A tool with a JSON Schema of its own (an
 * MCP server's, made strict like every input schema here) shows that one.
 */
export function toApiTool(tool: AnyTool): ApiToolDefinition {
  const source = tool.inputJSONSchema ?? (z.toJSONSchema(tool.inputSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>);
  const { $schema: _dialect, ...input_schema } = source;
  return { name: tool.name, description: tool.prompt(), input_schema };
}
