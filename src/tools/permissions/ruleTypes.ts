/** One parsed permission rule: `Tool`, `Tool(content)`, or an MCP server rule. */
export interface PermissionRule {
  source: string;
  tool: string;
  /** `undefined` for a whole-tool rule. */
  content: string | undefined;
}

/** The three rule lists of a scenario's settings. */
export interface RuleSet {
  allow: readonly PermissionRule[];
  ask: readonly PermissionRule[];
  deny: readonly PermissionRule[];
}
