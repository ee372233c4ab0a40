import * as z from 'zod';
import { buildTool } from '../buildTool';
import type { Tool, ToolUseContext } from '../types';
import type { BackgroundShellInfo } from './backgroundShells';

/** What stopping a background shell did. */
export interface KillBashOutput extends BackgroundShellInfo {
  /** Whether it was still running (and so was stopped by this call). */
  stopped: boolean;
}

async function stop(context: ToolUseContext, id: string): Promise<KillBashOutput> {
  const before = context.background?.info(id);
  if (!before) {
    const known = context.background?.ids() ?? [];
    throw new Error(`No background shell ${id}${known.length > 0 ? `; this session has ${known.join(', ')}` : '; this session has started none'}.`);
  }
  const after = await context.background!.kill(id, context.toolUseId);
  return { ...(after ?? before), stopped: before.status === 'running' };
}

const mapResult = (output: KillBashOutput) =>
  output.stopped ? `Stopped background shell ${output.id} (${output.command}).` : `Background shell ${output.id} had already ${output.status === 'killed' ? 'been stopped' : `exited (exit code ${output.exitCode})`}.`;

const render = {
  use: (input: { shell_id?: string; task_id?: string }) => ({ title: `Stop ${input.shell_id ?? input.task_id ?? ''}` }),
  result: (output: KillBashOutput) => ({ title: `${output.id} ${output.stopped ? 'stopped' : 'had already ended'}`, summary: output.command, tone: 'success' as const }),
};

const PROMPT = 'Stops a background shell started by Bash with run_in_background (its processes are killed).';

const killInput = z.strictObject({ shell_id: z.string().describe('The background shell to stop, e.g. "bash_1"') });

/** KillBash: stops a background shell. */
export const KillBashTool: Tool<z.infer<typeof killInput>, KillBashOutput> = buildTool({
  name: 'KillBash',
  sameAs: ['TaskStop'],
  kind: 'process',
  inputSchema: killInput,
  prompt: () => PROMPT,
  searchHint: 'stop kill background shell',
  userFacingName: (input) => (input?.shell_id ? `KillBash(${input.shell_id})` : 'KillBash'),
  call: async (input, context) => ({ output: await stop(context, input.shell_id) }),
  mapResult,
  render,
});

const stopInput = z.strictObject({ task_id: z.string().describe('The background shell to stop, e.g. "bash_1"') });

/** TaskStop: KillBash's later name. */
export const TaskStopTool: Tool<z.infer<typeof stopInput>, KillBashOutput> = buildTool({
  name: 'TaskStop',
  sameAs: ['KillBash'],
  kind: 'process',
  inputSchema: stopInput,
  prompt: () => PROMPT,
  searchHint: 'stop kill background task shell',
  userFacingName: (input) => (input?.task_id ? `TaskStop(${input.task_id})` : 'TaskStop'),
  call: async (input, context) => ({ output: await stop(context, input.task_id) }),
  mapResult,
  render,
});
