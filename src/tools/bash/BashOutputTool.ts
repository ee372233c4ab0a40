import * as z from 'zod';
import { buildTool } from '../buildTool';
import type { Tool, ToolUseContext } from '../types';
import type { BackgroundRead } from './backgroundShells';
import { compileLinearRegex } from '../linearRegex';

/** What a read of a background shell shows: its status and output since the last read. */
export type BashOutputOutput = BackgroundRead;

/** How long TaskOutput waits for a shell to end when asked to block (ms), at most. */
const DEFAULT_WAIT_MS = 30_000;
const MAX_WAIT_MS = 600_000;

/** The shell's read, or why there is none, in words for the model. */
function readShell(context: ToolUseContext, id: string, filter: string | undefined): BackgroundRead {
  const background = context.background;
  const compiled = filter !== undefined ? compileLinearRegex(filter) : undefined;
  const read = background?.read(id, compiled?.ok ? compiled.regex : undefined);
  if (!read) {
    const known = background?.ids() ?? [];
    throw new Error(`No background shell ${id}${known.length > 0 ? `; this session has ${known.join(', ')}` : '; this session has started none'}.`);
  }
  return read;
}

function validateFilter(filter: string | undefined): { ok: true } | { ok: false; message: string } {
  if (filter === undefined) return { ok: true };
  const compiled = compileLinearRegex(filter);
  return compiled.ok ? { ok: true } : { ok: false, message: `filter is not a regular expression the filter can run: ${compiled.message}` };
}

/** The result text in the shape the model knows: status, exit code, then each stream. */
function mapRead(output: BashOutputOutput): string {
  const parts = [`<status>${output.status}</status>`];
  if (output.exitCode !== null) parts.push(`<exit_code>${output.exitCode}</exit_code>`);
  if (output.stdout !== '') parts.push(`<stdout>\n${output.stdout.trimEnd()}\n</stdout>`);
  if (output.stderr !== '') parts.push(`<stderr>\n${output.stderr.trimEnd()}\n</stderr>`);
  if (output.stdout === '' && output.stderr === '') parts.push('(no new output)');
  return parts.join('\n\n');
}

const render = {
  result: (output: BashOutputOutput) => ({
    title: `${output.id}: ${output.status}`,
    summary: output.command,
    body: [output.stdout.trimEnd(), output.stderr.trimEnd()].filter((part) => part !== '').join('\n') || '(no new output)',
    format: 'code' as const,
    tone: output.status === 'running' || output.exitCode === 0 ? ('success' as const) : ('neutral' as const),
  }),
};

const PROMPT = `Reads a background shell's output since the last read (started by Bash with run_in_background), with its status: running, exited (with its exit code) or killed.

- filter keeps only the output lines matching a regular expression; the lines it drops are not shown again.`;

const bashOutputInput = z.strictObject({
  bash_id: z.string().describe('The background shell to read, e.g. "bash_1"'),
  filter: z.string().optional().describe('Keep only output lines matching this regular expression'),
});

/** BashOutput: a background shell's new output and status. */
export const BashOutputTool: Tool<z.infer<typeof bashOutputInput>, BashOutputOutput> = buildTool({
  name: 'BashOutput',
  sameAs: ['TaskOutput'],
  kind: 'process',
  inputSchema: bashOutputInput,
  prompt: () => PROMPT,
  searchHint: 'background shell output read status',
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  userFacingName: (input) => (input?.bash_id ? `BashOutput(${input.bash_id})` : 'BashOutput'),
  validateInput: async (input) => validateFilter(input.filter),
  call: async (input, context) => ({ output: readShell(context, input.bash_id, input.filter) }),
  mapResult: mapRead,
  render: { use: (input) => ({ title: `Read ${input.bash_id}`, summary: input.filter }), ...render },
});

const taskOutputInput = z.strictObject({
  task_id: z.string().describe('The background shell to read, e.g. "bash_1"'),
  block: z.boolean().optional().describe('Wait for it to end first (default true)'),
  timeout: z.number().int().positive().max(MAX_WAIT_MS).optional().describe(`How long to wait when blocking, in ms (default ${DEFAULT_WAIT_MS})`),
  filter: z.string().optional().describe('Keep only output lines matching this regular expression'),
});

/** TaskOutput: BashOutput's later name, which can first wait for the shell to end. */
export const TaskOutputTool: Tool<z.infer<typeof taskOutputInput>, BashOutputOutput> = buildTool({
  name: 'TaskOutput',
  sameAs: ['BashOutput'],
  kind: 'process',
  inputSchema: taskOutputInput,
  prompt: () => `${PROMPT}\n- block (default true) waits up to timeout ms for the shell to end first.`,
  searchHint: 'background task shell output wait',
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  userFacingName: (input) => (input?.task_id ? `TaskOutput(${input.task_id})` : 'TaskOutput'),
  validateInput: async (input) => validateFilter(input.filter),
  async call(input, context) {
    if (input.block !== false) await context.background?.waitFor(input.task_id, context.clock, input.timeout ?? DEFAULT_WAIT_MS, context.abortSignal);
    return { output: readShell(context, input.task_id, input.filter) };
  },
  mapResult: mapRead,
  render: { use: (input) => ({ title: `Read ${input.task_id}`, summary: input.block === false ? undefined : 'waiting for it to end' }), ...render },
});
