import { runAgentLoop, type LoopOptions, type ModelSource } from '../model/loop';
import type { ScenarioTurn } from '../scenarios/schema';
import type { SessionEnvironment, ToolUseBlock } from '../tools/execution';
import { FileStateCache } from '../tools/file/fileState';
import { kindTraits } from '../tools/kinds';
import { ToolPool } from '../tools/pool';
import type { SubAgentRequest, SubAgentResult, SubAgentRunner } from '../tools/types';

/** What every agent of a run shares: the scheduler settings, the event sink and the time. */
export type SharedLoopOptions = Pick<LoopOptions, 'schedule' | 'emit' | 'now' | 'maxTurns'>;

export interface SubAgentSessionOptions {
  /** The session that starts the sub-agents (its sandbox, clock, rules and answers are shared). */
  parent: SessionEnvironment;
  loop: SharedLoopOptions;
  /**
   * The model of one sub-agent, or a message saying why there is none for that call. `pool` is
   * the sub-agent's own (a live model offers its tools).
   */
  sourceFor(request: SubAgentRequest, pool: ToolPool): ModelSource | string;
  /** The safety rule of the partition for a pool (the scenario's Bash policy). */
  concurrencyRule(pool: ToolPool): (block: ToolUseBlock) => boolean;
  /** Which calls only read, for a pool (a cascade may spare their errors). */
  readOnlyRule(pool: ToolPool): (block: ToolUseBlock) => boolean;
}

/** A scenario's scripted sub-agents as model sources, keyed by the Agent call's id. */
export function scriptedSubAgentSources(
  agents: Readonly<Record<string, { turns: ScenarioTurn[] }>> | undefined,
  sourceOf: (turns: readonly ScenarioTurn[]) => ModelSource,
): (request: SubAgentRequest) => ModelSource | string {
  return (request) => {
    const script = agents?.[request.toolUseId];
    if (!script) return `the scenario scripts no sub-agent for the Agent call ${request.toolUseId}: add "agents": { "${request.toolUseId}": { "turns": [ … ] } }`;
    return sourceOf(script.turns);
  };
}

/**
 * Runs the Agent tool's sub-agents: each gets its own conversation, its own
 * file-state cache and shared context, its own scheduler (a fresh loop), and the parent's pool
 * without Agent, so no sub-agent starts another. It runs under the Agent call's signal, a child of
 * the calling turn's, so stopping the turn stops it. Its events carry the Agent call's id, which
 * nests them under that call in the run record.
 */
export function createSubAgentRunner(options: SubAgentSessionOptions): SubAgentRunner {
  const { parent } = options;
  return {
    async run(request): Promise<SubAgentResult> {
      const pool = new ToolPool(
        parent.pool.tools.filter((tool) => !kindTraits(tool.kind).startsAgent),
        parent.pool.deferred,
      );
      const source = options.sourceFor(request, pool);
      if (typeof source === 'string') throw new Error(source);
      const env: SessionEnvironment = {
        sandbox: parent.sandbox,
        clock: parent.clock,
        pool,
        readFileState: new FileStateCache(),
        shared: { permissionMode: parent.shared.permissionMode, todos: [] },
        canUseTool: parent.canUseTool,
        ...(parent.askUser ? { askUser: parent.askUser } : {}),
        ...(parent.background ? { background: parent.background } : {}),
        ...(parent.rules ? { rules: parent.rules } : {}),
        ...(parent.recorded ? { recorded: parent.recorded } : {}),
      };
      const result = await runAgentLoop({
        ...options.loop,
        source,
        env,
        isConcurrencySafe: request.allAtOnce ? () => true : options.concurrencyRule(pool),
        isReadOnly: options.readOnlyRule(pool),
        signal: request.signal,
        agent: request.toolUseId,
        prompt: request.prompt,
      });
      const toolUses = result.messages.reduce(
        (count, message) => count + (message.role === 'assistant' ? message.content.filter((block) => block.type === 'tool_use').length : 0),
        0,
      );
      return { text: result.finalText, turns: result.turns, toolUses, interrupted: result.interrupted };
    },
  };
}
