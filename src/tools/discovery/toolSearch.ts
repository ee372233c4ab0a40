import type { AnyTool } from '../types';

/** One tool a search found, with why it scored. */
export interface SearchHit {
  tool: AnyTool;
  score: number;
}

/** A parsed ToolSearch query: exact names (`select:A,B`) or keywords, `+term` required. */
export type ParsedQuery = { kind: 'select'; names: string[] } | { kind: 'keywords'; required: string[]; optional: string[] };

export function parseQuery(query: string): ParsedQuery {
  const trimmed = query.trim();
  if (trimmed.toLowerCase().startsWith('select:')) {
    const names = trimmed
      .slice('select:'.length)
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    return { kind: 'select', names };
  }
  const terms = trimmed.toLowerCase().split(/\s+/).filter((term) => term !== '');
  return {
    kind: 'keywords',
    required: terms.filter((term) => term.startsWith('+') && term.length > 1).map((term) => term.slice(1)),
    optional: terms.filter((term) => !term.startsWith('+')),
  };
}

/** The words of a tool name: `mcp__demo__get_weather` → mcp, demo, get, weather; `NotebookEdit` → notebook, edit. */
export function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((part) => part !== '');
}

/**
 * How well one term matches a tool: a whole name part counts most, then part of a name part,
 * then the search hint, then the description. 0 is no match.
 */
function termScore(tool: AnyTool, term: string): number {
  const parts = nameParts(tool.name);
  if (parts.includes(term)) return 10;
  if (parts.some((part) => part.includes(term))) return 5;
  if (tool.searchHint?.toLowerCase().includes(term)) return 4;
  if (tool.prompt().toLowerCase().includes(term)) return 2;
  return 0;
}

/**
 * Keyword search over `tools`: every required term must match; the score is the sum over all
 * terms; ties go by name so results are stable.
 */
export function searchTools(tools: readonly AnyTool[], query: { required: string[]; optional: string[] }, max: number): SearchHit[] {
  const hits: SearchHit[] = [];
  for (const tool of tools) {
    const required = query.required.map((term) => termScore(tool, term));
    if (required.some((score) => score === 0)) continue;
    const score = [...required, ...query.optional.map((term) => termScore(tool, term))].reduce((sum, s) => sum + s, 0);
    if (score > 0) hits.push({ tool, score });
  }
  hits.sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name));
  return hits.slice(0, max);
}
