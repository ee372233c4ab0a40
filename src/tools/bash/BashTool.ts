import * as z from 'zod';
import { buildTool } from '../buildTool';
import { benignExitMeaning } from './exitCodeMeaning';

/** Milliseconds a command may run when the call names no timeout. */
export const DEFAULT_BASH_TIMEOUT_MS = 120_000;
/** The longest timeout a call may ask for. */
export const MAX_BASH_TIMEOUT_MS = 600_000;

const PROMPT = `Runs a bash command in the workspace's sandbox and returns its output (stdout, then stderr).

- Every command starts in the workspace root; a cd lasts only for that command, so chain with && (e.g. cd src && ls).
- timeout is in milliseconds: ${DEFAULT_BASH_TIMEOUT_MS} by default, at most ${MAX_BASH_TIMEOUT_MS}. A command that runs longer is stopped.
- A non-zero exit code is reported as an error with the output, except exit code 1 of grep, rg, diff and test, which is an answer (no match, a difference, a false condition).
- Prefer Read, Edit, Write, Glob and Grep for files: they are faster and checked; use Bash for running programs, git and the like.
- Give a short description of what the command does (5-10 words) so the user can follow.
- Quote paths that contain spaces.
- run_in_background starts the command and returns at once with its id (bash_1, …): read its output later with BashOutput, stop it with KillBash. Use it for servers and watchers, not for commands whose result you need now.`;

const inputSchema = z.strictObject({
  command: z.string().describe('The bash command to run'),
  timeout: z
    .number()
    .int()
    .positive()
    .max(MAX_BASH_TIMEOUT_MS)
    .optional()
    .describe(`Milliseconds before the command is stopped (default ${DEFAULT_BASH_TIMEOUT_MS}, at most ${MAX_BASH_TIMEOUT_MS})`),
  description: z.string().optional().describe('What the command does, in 5-10 words, for the user'),
  run_in_background: z.boolean().optional().describe('Start the command in the background and return its id at once; read it with BashOutput, stop it with KillBash'),
});

/** Bash's input. */
export type BashInput = z.infer<typeof inputSchema>;

/** A piece of output as the sandbox streams it. */
export interface BashProgress {
  stream: 'stdout' | 'stderr';
  chunk: string;
}

/** A command started in the background: the call's display value. */
export interface BashBackgroundOutput {
  background: true;
  /** The shell's id, for BashOutput and KillBash. */
  shellId: string;
  command: string;
}

/** How a command ended: the call's display value (the terminal and the result list read it). */
export interface BashOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
  timedOut: boolean;
  /** The command was stopped by an abort (the user's Stop, a sibling's error, a fallback). */
  interrupted: boolean;
  /** The timeout that applied, in ms. */
  timeoutMs: number;
  /** Why a non-zero exit is not an error (grep's "no match"), when it is not. */
  exitMeaning?: string;
}

/** Bash: one command in the sandbox's shell. Not read-only and not concurrency-safe (the seed's rule). */
export const BashTool = buildTool<BashInput, BashOutput | BashBackgroundOutput, BashProgress>({
  name: 'Bash',
  kind: 'execute',
  inputSchema,
  prompt: () => PROMPT,
  maxResultSizeChars: 30_000,
  searchHint: 'shell command terminal run execute program',
  userFacingName: (input) => (input?.command !== undefined ? `Bash(${shorten(input.command, 80)})` : 'Bash'),
  description: (input) => input.description ?? `Run ${shorten(input.command, 80)}`,

  async validateInput(input, context) {
    if (input.command.trim() === '') return { ok: false, message: 'command is empty; give the bash command to run.' };
    if (input.run_in_background && !context.background) {
      return { ok: false, message: 'This session cannot keep commands in the background; call Bash again without run_in_background.' };
    }
    return { ok: true };
  },

  async call(input, context, _canUseTool, _parent, onProgress) {
    if (input.run_in_background && context.background) {
      const shell = context.background.start(input.command, context.toolUseId);
      return { output: { background: true, shellId: shell.id, command: input.command } };
    }
    const timeoutMs = input.timeout ?? DEFAULT_BASH_TIMEOUT_MS;
    const streams = context.sandbox.streamsOutput && onProgress !== undefined;
    const result = await context.sandbox.exec(input.command, {
      timeoutMs,
      signal: context.abortSignal,
      ...(streams ? { onOutput: (chunk: string, stream: BashProgress['stream']) => onProgress({ stream, chunk }) } : {}),
    });
    const exitMeaning = result.timedOut ? undefined : benignExitMeaning(input.command, result.exitCode);
    const output: BashOutput = {
      stdout: result.stdout,
      stderr: result.stderr,
      exitCode: result.exitCode,
      timedOut: result.timedOut,
      interrupted: context.abortSignal.aborted,
      timeoutMs,
      ...(exitMeaning !== undefined ? { exitMeaning } : {}),
    };
    return { output, isError: isFailure(output) };
  },

  mapResult(output) {
    if ('background' in output) return `Command running in background with ID: ${output.shellId}`;
    const text = combinedOutput(output);
    if (output.timedOut) return `Command timed out after ${output.timeoutMs} ms and was stopped.${text ? `\n${text}` : ''}`;
    if (isFailure(output)) return `Exit code ${output.exitCode}\n${text || '(no output)'}`;
    const note = output.exitMeaning !== undefined ? `exit code ${output.exitCode}: ${output.exitMeaning}` : undefined;
    if (!text) return note ? `(no output; ${note})` : '(no output)';
    return note ? `${text}\n(${note})` : text;
  },

  render: {
    use: (input) => ({ title: `Bash ${shorten(input.command, 60)}`, summary: input.description, body: input.command, format: 'code' }),
    progress: (progress) => ({ title: 'Output', body: progress.chunk, format: 'code', tone: 'muted' }),
    result: (output, input) => {
      const title = `Bash ${shorten(input.command, 60)}`;
      if ('background' in output) return { title, summary: `running in the background as ${output.shellId}`, tone: 'neutral' };
      return {
        title,
        summary: output.timedOut ? `timed out after ${output.timeoutMs} ms` : `exit code ${output.exitCode}${output.exitMeaning ? ` (${output.exitMeaning})` : ''}`,
        body: combinedOutput(output) || '(no output)',
        format: 'code',
        tone: isFailure(output) ? 'error' : 'success',
      };
    },
  },
});

function isFailure(output: BashOutput): boolean {
  return output.timedOut || (output.exitCode !== 0 && output.exitMeaning === undefined);
}

/** stdout, then stderr, each without trailing blank lines. */
function combinedOutput(output: BashOutput): string {
  return [output.stdout.trimEnd(), output.stderr.trimEnd()].filter((part) => part !== '').join('\n');
}

function shorten(text: string, max: number): string {
  const oneLine = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}
