import { toApiTool } from './apiSchema';
import { ToolSearchTool } from './discovery/ToolSearchTool';
import type { McpServerReport } from './mcp/servers';
import { isDeniedAsWhole, type RuleSet } from './permissions/rules';
import { ToolPool } from './pool';
import type { AnyTool } from './types';

/** The tools `toolMode: simple` keeps. */
export const SIMPLE_MODE_TOOLS: readonly string[] = ['Bash', 'Read', 'Edit'];

/** `auto` deferral's default threshold: 10% of a 200,000-token context window, as the real agent's `auto`. */
export const DEFAULT_DEFER_THRESHOLD_TOKENS = 20_000;

/** How the token figures are estimated (shown beside them: they are not a tokenizer's count). */
export const TOKEN_ESTIMATE_METHOD = 'estimate: 4 characters of the JSON definition per token';

export type PoolStageName = 'catalogue' | 'mode' | 'deny' | 'enabled' | 'assemble';

/** One stage of the pipeline: what it kept and, for each tool it removed, why. */
export interface PoolStage {
  stage: PoolStageName;
  label: string;
  kept: string[];
  removed: { name: string; reason: string }[];
}

export interface PoolTokens {
  /** Every offered tool's full schema up front (deferral off). */
  withoutDeferral: number;
  /** Full schemas of the tools not deferred, ToolSearch's, and the deferred tools' names. */
  withDeferral: number;
  /** What the deferred tools' full schemas would cost. */
  deferredSchemas: number;
  method: string;
}

export interface PoolReport {
  stages: PoolStage[];
  /** Tools announced by name only (empty when deferral is off). */
  deferred: string[];
  deferral: { setting: boolean | 'auto'; on: boolean; reason: string };
  tokens: PoolTokens;
  /** The run's MCP servers: each one's state, what it said it is, and its tools (absent when none were named). */
  mcpServers?: McpServerReport[];
}

export interface PoolSettings {
  toolMode: 'full' | 'simple';
  deferTools: boolean | 'auto';
  deferThresholdTokens?: number;
}

/** Each tool's estimate, kept: a tool is never changed once built, and its JSON Schema takes a while to make. */
const tokensOf = new WeakMap<AnyTool, number>();

/** The estimated tokens of a tool's full definition. */
export function schemaTokens(tool: AnyTool): number {
  let tokens = tokensOf.get(tool);
  if (tokens === undefined) tokensOf.set(tool, (tokens = Math.ceil(JSON.stringify(toApiTool(tool)).length / 4)));
  return tokens;
}

/** The estimated tokens of announcing a tool by name only. */
function nameTokens(tool: AnyTool): number {
  return Math.ceil(tool.name.length / 4) + 2;
}

const byName = (a: AnyTool, b: AnyTool) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The tool pool pipeline: the catalogue → the mode filter → tools denied as a whole →
 * disabled tools → assembly (built-ins sorted by name, then MCP tools sorted by name; a built-in
 * wins a name clash) → the deferred split, with ToolSearch added when deferral is on. Returns the
 * pool and a report of every stage.
 */
export function assemblePool(options: { builtIn: readonly AnyTool[]; mcp?: readonly AnyTool[]; rules: RuleSet; settings: PoolSettings }): {
  pool: ToolPool;
  report: PoolReport;
} {
  const { rules, settings } = options;
  const stages: PoolStage[] = [];
  const stage = (name: PoolStageName, label: string, tools: AnyTool[], keep: (tool: AnyTool) => string | null): AnyTool[] => {
    const kept: AnyTool[] = [];
    const removed: PoolStage['removed'] = [];
    for (const tool of tools) {
      const reason = keep(tool);
      if (reason === null) kept.push(tool);
      else removed.push({ name: tool.name, reason });
    }
    stages.push({ stage: name, label, kept: kept.map((tool) => tool.name), removed });
    return kept;
  };

  const catalogue = [...options.builtIn, ...(options.mcp ?? [])];
  stage('catalogue', 'All tools (built-in, then MCP)', catalogue, () => null);
  let tools = stage('mode', `Mode filter (toolMode: ${settings.toolMode})`, catalogue, (tool) =>
    settings.toolMode === 'simple' && !SIMPLE_MODE_TOOLS.includes(tool.name) ? `toolMode "simple" keeps only ${SIMPLE_MODE_TOOLS.join(', ')}` : null,
  );
  tools = stage('deny', 'Deny rules that name a whole tool', tools, (tool) => {
    const rule = isDeniedAsWhole(tool, rules);
    return rule ? `denied as a whole by the rule "${rule.source}"` : null;
  });
  tools = stage('enabled', 'Enabled tools', tools, (tool) => (tool.isEnabled() ? null : `disabled: ${tool.disabledReason() ?? 'isEnabled() is false'}`));

  const builtIn = tools.filter((tool) => !tool.isMcp).sort(byName);
  const builtInNames = new Set(builtIn.map((tool) => tool.name));
  const mcp = tools.filter((tool) => tool.isMcp).sort(byName);
  const assembled = stage('assemble', 'Assembled: built-in tools by name, then MCP tools by name', [...builtIn, ...mcp], (tool) =>
    tool.isMcp && builtInNames.has(tool.name) ? 'a built-in tool has the same name, and the built-in wins' : null,
  );

  const deferrable = assembled.filter((tool) => tool.shouldDefer || tool.isMcp);
  const deferredSchemas = deferrable.reduce((sum, tool) => sum + schemaTokens(tool), 0);
  const threshold = settings.deferThresholdTokens ?? DEFAULT_DEFER_THRESHOLD_TOKENS;
  const deferral = decideDeferral(settings.deferTools, deferrable.length, deferredSchemas, threshold);

  // ToolSearch is a built-in: it joins the sorted built-ins, ahead of the MCP tools.
  const offered =
    deferral.on && !builtInNames.has(ToolSearchTool.name)
      ? [...assembled.filter((tool) => !tool.isMcp), ToolSearchTool].sort(byName).concat(assembled.filter((tool) => tool.isMcp))
      : assembled;
  const deferred = deferral.on ? deferrable.map((tool) => tool.name) : [];
  const deferredSet = new Set(deferred);
  const withoutDeferral = assembled.reduce((sum, tool) => sum + schemaTokens(tool), 0);
  const withDeferral = deferral.on
    ? offered.reduce((sum, tool) => sum + (deferredSet.has(tool.name) ? nameTokens(tool) : schemaTokens(tool)), 0)
    : withoutDeferral;

  return {
    pool: new ToolPool(offered, deferredSet),
    report: {
      stages,
      deferred,
      deferral: { setting: settings.deferTools, ...deferral },
      tokens: { withoutDeferral, withDeferral, deferredSchemas, method: TOKEN_ESTIMATE_METHOD },
    },
  };
}

function decideDeferral(setting: boolean | 'auto', count: number, tokens: number, threshold: number): { on: boolean; reason: string } {
  if (count === 0) return { on: false, reason: 'no tool in the pool can be deferred' };
  if (setting === true) return { on: true, reason: `deferTools is true: ${count} tools are announced by name only` };
  if (setting === false) return { on: false, reason: 'deferTools is false: every schema is sent up front' };
  return tokens > threshold
    ? { on: true, reason: `auto: the deferrable tools' schemas (~${tokens} tokens) exceed the threshold of ${threshold}` }
    : { on: false, reason: `auto: the deferrable tools' schemas (~${tokens} tokens) are within the threshold of ${threshold}` };
}
