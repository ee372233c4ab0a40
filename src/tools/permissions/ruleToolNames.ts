import { BUILT_IN_KINDS, RECORDED_ONLY_KINDS } from '../builtInKinds';

/**
 * Tools a real agent's settings may name in a rule that the playground has no tool of its own for:
 * Claude Code's catalogue across its versions (its settings are the format these rules follow). A
 * rule naming one is kept, and matches nothing here, as in a version of Claude Code without it.
 */
const AGENT_TOOL_NAMES = [
  'LS',
  'NotebookRead',
  'TodoRead',
  'KillShell',
  'SlashCommand',
  'ToolSearch',
  'ListMcpResourcesTool',
  'ReadMcpResourceTool',
  'TaskCreate',
  'TaskUpdate',
  'TaskList',
  'TaskGet',
  'PowerShell',
] as const;

/** Every tool name a rule may name: the playground's tools and aliases, and the agents' own. */
const KNOWN = new Set<string>([...Object.keys(BUILT_IN_KINDS), ...Object.keys(RECORDED_ONLY_KINDS), ...AGENT_TOOL_NAMES]);

/**
 * Why a rule's tool name names no tool, with the known name it most likely meant; `undefined`
 * for a known tool or any MCP tool (`mcp__server…`: the servers are known only when the run
 * connects). A rule written slightly wrong (`read(…)`, `Reed(…)`) would otherwise be kept and
 * never match, and the call it was written to stop would run.
 */
export function unknownToolProblem(tool: string): string | undefined {
  if (KNOWN.has(tool) || tool.startsWith('mcp__')) return undefined;
  const meant = closestName(tool);
  return `no tool is called "${tool}"${meant ? `: did you mean ${meant}?` : ''} (rules name tools as Read, Bash, WebFetch or mcp__server__tool)`;
}

/** The known name equal to `tool` but for its case, else one at most two edits away; `undefined` if none. */
function closestName(tool: string): string | undefined {
  const lower = tool.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of KNOWN) {
    if (name.toLowerCase() === lower) return name;
    const distance = editDistance(lower, name.toLowerCase(), 2);
    if (distance <= 2 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** The edit distance of `a` and `b`, or `limit + 1` once it exceeds `limit` (names are short; this stops early). */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...current) > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}
