import * as z from 'zod';
import { toApiTool, type ApiToolDefinition } from '../apiSchema';
import { buildTool } from '../buildTool';
import { parseQuery, searchTools } from './toolSearch';

const PROMPT = `Loads the full definitions of deferred tools, which this session announces by name only.

A deferred tool cannot be called until it is loaded: search first, then call it.
- "select:NotebookEdit,WebFetch" loads those tools by exact name.
- Keywords ("notebook jupyter") search names, hints and descriptions; "+term" makes a term required.
- max_results caps keyword hits (default 5).`;

const inputSchema = z.strictObject({
  query: z.string().min(1).describe('"select:Name1,Name2" for exact names, or keywords (prefix "+" for a required term)'),
  max_results: z.int().positive().max(50).default(5).describe('At most this many keyword hits (default 5)'),
});

export type ToolSearchInput = z.input<typeof inputSchema>;
type ParsedInput = z.output<typeof inputSchema>;

export interface ToolSearchOutput {
  query: string;
  found: ApiToolDefinition[];
  /** Names asked for with `select:` that are not in the pool. */
  missing: string[];
  deferredCount: number;
}

/**
 * ToolSearch: returns deferred tools' full definitions and marks them discovered in the pool, so
 * the pipeline lets them be called from then on.
 */
export const ToolSearchTool = buildTool<ParsedInput, ToolSearchOutput>({
  name: 'ToolSearch',
  inputSchema,
  prompt: () => PROMPT,
  searchHint: 'find load deferred tools schema',
  kind: 'think',
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  userFacingName: (input) => (input?.query ? `ToolSearch(${input.query})` : 'ToolSearch'),
  description: (input) => `Search tools for "${input.query}"`,

  async call(input, context) {
    const pool = context.pool;
    const deferred = pool.tools.filter((tool) => pool.deferred.has(tool.name));
    const query = parseQuery(input.query);
    let found: ApiToolDefinition[];
    const missing: string[] = [];
    if (query.kind === 'select') {
      found = [];
      for (const name of query.names) {
        const tool = pool.find(name);
        if (tool) found.push(toApiTool(tool));
        else missing.push(name);
      }
    } else {
      found = searchTools(deferred, query, input.max_results).map((hit) => toApiTool(hit.tool));
    }
    for (const definition of found) pool.markDiscovered(definition.name);
    return { output: { query: input.query, found, missing, deferredCount: deferred.length } };
  },

  mapResult: (output) => {
    const lines: string[] = [];
    if (output.found.length === 0) {
      lines.push(
        output.deferredCount === 0
          ? 'No tools are deferred in this session: every tool is already loaded.'
          : `No deferred tool matched "${output.query}". Try other keywords, or "select:" with an exact name.`,
      );
    } else {
      lines.push(`Loaded ${output.found.length} tool definition(s); they can be called now:`, '<functions>');
      for (const definition of output.found) {
        lines.push(`<function>${JSON.stringify({ name: definition.name, description: definition.description, parameters: definition.input_schema })}</function>`);
      }
      lines.push('</functions>');
    }
    if (output.missing.length > 0) lines.push(`Not in this session's tools: ${output.missing.join(', ')}.`);
    return lines.join('\n');
  },

  render: {
    use: (input) => ({ title: `ToolSearch ${input.query}` }),
    result: (output) => ({
      title: output.found.length > 0 ? `Loaded ${output.found.map((d) => d.name).join(', ')}` : 'No tools found',
      summary: output.missing.length > 0 ? `not found: ${output.missing.join(', ')}` : undefined,
      tone: output.found.length > 0 ? 'success' : 'muted',
    }),
  },
});
