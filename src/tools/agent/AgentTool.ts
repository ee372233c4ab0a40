import * as z from 'zod';
import { buildTool } from '../buildTool';
import type { SubAgentResult } from '../types';

const PROMPT = `Starts a sub-agent for a self-contained task: it works in its own context, with its own tool calls, and returns one final report.

- Use it for searches or investigations whose intermediate steps you do not need to see.
- The prompt must say everything the sub-agent needs: it does not see this conversation.
- The sub-agent cannot start sub-agents of its own.
- Several Agent calls in one response run in parallel.`;

const inputSchema = z.strictObject({
  description: z.string().min(1).describe('A short (3–5 word) label for the task'),
  prompt: z.string().min(1).describe('The task, in full: the sub-agent sees nothing else'),
  subagent_type: z.string().min(1).optional().describe('The kind of agent to use (general-purpose by default)'),
  model: z
    .enum(['sonnet', 'opus', 'haiku'])
    .optional()
    .describe('The model family the sub-agent runs on (by default the main agent’s); a scripted sub-agent keeps its script'),
  run_in_background: z
    .boolean()
    .optional()
    .describe('Claude Code (2.0 on) runs such a sub-agent in the background and answers at once; here it runs within the call, as any other'),
});

export type AgentInput = z.infer<typeof inputSchema>;

export interface AgentOutput extends SubAgentResult {
  description: string;
}

/**
 * Agent (alias Task): runs a sub-agent through the session's runner, under the call's own abort
 * signal (a child of the calling turn's), and returns its last text. Read-only and concurrency-safe
 * by the catalogue: what its own calls may do is decided, call by call, inside the sub-agent.
 */
export const AgentTool = buildTool<AgentInput, AgentOutput>({
  name: 'Agent',
  aliases: ['Task'],
  kind: 'agent',
  inputSchema,
  prompt: () => PROMPT,
  searchHint: 'sub-agent delegate task parallel research',
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  userFacingName: (input) => (input?.description ? `Agent(${input.description})` : 'Agent'),
  description: (input) => `Start a sub-agent: ${input.description}`,

  async validateInput(_input, context) {
    if (!context.subAgents) return { ok: false, message: 'This session cannot start sub-agents (a sub-agent cannot start its own).' };
    return { ok: true };
  },

  async call(input, context) {
    const result = await context.subAgents!.run({
      toolUseId: context.toolUseId,
      description: input.description,
      prompt: input.prompt,
      ...(input.subagent_type !== undefined ? { subagentType: input.subagent_type } : {}),
      signal: context.abortSignal,
    });
    return { output: { ...result, description: input.description }, isError: result.interrupted };
  },

  mapResult: (output) => {
    if (output.interrupted) return `The sub-agent "${output.description}" was stopped before it finished. Its last words: ${output.text || '(none)'}`;
    return output.text || `The sub-agent "${output.description}" finished without a report.`;
  },

  render: {
    use: (input) => ({ title: `Agent: ${input.description}`, body: input.prompt, format: 'markdown' }),
    result: (output) => ({
      title: `Agent: ${output.description}`,
      summary: `${output.turns} turn(s), ${output.toolUses} tool call(s)`,
      body: output.text,
      format: 'markdown',
      tone: output.interrupted ? 'warning' : 'success',
    }),
    grouped: (uses) => ({ title: `${uses.length} sub-agents in parallel`, summary: uses.map((use) => use.input.description).join(', ') }),
  },
});
