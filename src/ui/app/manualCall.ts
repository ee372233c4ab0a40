import type { Scenario, ScenarioSettings } from '../../scenarios/schema';
import type { ToolKind } from '../../tools/kinds';
import { createRealClock } from '../../time/clock';
import type { EngineRun, RunWiring } from '../controller/engineRuns';
import { pageCanUseTool } from '../controller/permissionAsks';
import { adoptSandbox, breathe, freshSandbox } from '../controller/sandbox';
import { usePlayground } from '../store';
import { pageMcpHost } from './mcpConnections';

/** A call made by hand: which tool, with what input. */
export interface ManualCall {
  toolName: string;
  input: Record<string, unknown>;
}

/** A tool the hand-call form can call: its name, its input's JSON Schema, and how it runs. */
export interface CallableTool {
  name: string;
  description: string;
  /** The JSON Schema the model is shown (an MCP tool's own). */
  schema: Record<string, unknown>;
  /** What it does (design.md, Tool kinds). */
  kind: ToolKind;
  readOnly: boolean;
  /** With empty input: Bash's depends on the command. */
  concurrencySafe: boolean;
  /** The MCP server it belongs to. */
  server?: string;
}

let counter = 0;

/**
 * The scenario a call by hand runs as: one turn whose one block is the call, with the open
 * scenario's settings (every tool offered up front: the person picked it from the list, as a
 * ToolSearch would have) and no expectations. Its workspace is empty: the call runs on the files
 * the page's sandbox holds now.
 */
export function manualScenario(settings: ScenarioSettings, call: ManualCall): Scenario {
  const id = `toolu_manual_${Date.now().toString(36)}_${++counter}`;
  return {
    id: 'called-by-hand',
    title: `Called by hand: ${call.toolName}`,
    description: 'A tool called from the Tools tab, through the same pipeline as a model’s call.',
    workspace: { files: {} },
    settings: { ...settings, deferTools: false },
    turns: [{ stream: [{ type: 'tool_use', id, name: call.toolName, input: call.input, at: 0, durationMs: 0, latencyMs: 0 }] }],
  };
}

/**
 * A call by hand as a run of its own: the same session a replay gets (pool, permissions, the
 * executor, the events the timeline and the record are made of), on the wall clock, on the
 * page's current sandbox (the workspace as it is now, edits and earlier runs included), with every
 * permission ask going to the dialog.
 */
export function manualRun(scenario: Scenario, call: ManualCall, wiring: RunWiring): EngineRun {
  const clock = createRealClock();
  let origin = clock.now();
  return {
    playback: null,
    now: () => clock.now() - origin,
    async start() {
      const { mountWorkspace, runScenario } = await import('../../run/runScenario');
      let sandbox = usePlayground.getState().sandbox.current;
      if (!sandbox) {
        sandbox = await freshSandbox();
        await mountWorkspace(sandbox, scenario.workspace.files, { pause: breathe });
        await adoptSandbox(sandbox, 'start');
      }
      origin = clock.now();
      const record = await runScenario({
        scenario: manualScenario(scenario.settings, call),
        sandbox,
        strategy: 'streaming',
        clock,
        onEvent: wiring.onEvent,
        signal: wiring.signal,
        canUseTool: pageCanUseTool(scenario, { alwaysAsk: true }),
        mcpHost: pageMcpHost(),
        pause: breathe,
      });
      return { record };
    },
  };
}

/**
 * The tools a run of these settings would offer, in pool order, as the hand-call form needs them.
 * The demo server (when named) is connected in-process for its list and closed again; the page's
 * own servers are asked, never connected anew.
 */
export async function callableTools(settings: ScenarioSettings): Promise<CallableTool[]> {
  const [{ poolFor }, { getAllBaseTools }, { parseRuleSet }, { toApiTool }, { connectMcpServers }] = await Promise.all([
    import('../../run/session'),
    import('../../tools/registry'),
    import('../../tools/permissions/rules'),
    import('../../tools/apiSchema'),
    import('../../tools/mcp/servers'),
  ]);
  const parsed = parseRuleSet(settings);
  const rules = parsed.ok ? parsed.rules : { allow: [], ask: [], deny: [] };
  const mcp = await connectMcpServers(settings.mcpServers, { clock: createRealClock(), host: pageMcpHost() });
  try {
    const { pool } = poolFor({ ...settings, deferTools: false }, [...getAllBaseTools(), ...mcp.resourceTools], rules, mcp.tools);
    return pool.tools.map((tool) => {
      const api = toApiTool(tool);
      const flag = (read: () => boolean) => {
        try {
          return read();
        } catch {
          return false;
        }
      };
      return {
        name: tool.name,
        description: api.description,
        schema: api.input_schema,
        kind: tool.kind,
        readOnly: flag(() => tool.isReadOnly({})),
        concurrencySafe: flag(() => tool.isConcurrencySafe({})),
        ...(tool.isMcp ? { server: tool.name.split('__')[1] ?? '' } : {}),
      };
    });
  } finally {
    await mcp.close();
  }
}
