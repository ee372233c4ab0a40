import { z } from 'zod';
import { buildTool } from '../src/tools/buildTool';

/**
 * Tools made for scheduler tests: real tools (through buildTool and the real pipeline) whose work
 * is a wait on the injected clock, so a virtual clock makes their timing exact.
 */
const sleepInput = z.strictObject({
  ms: z.number().nonnegative().describe('How long the call works'),
  fail: z.boolean().optional().describe('End with an error result'),
  throws: z.boolean().optional().describe('Throw from call'),
  progress: z.number().int().nonnegative().optional().describe('Progress messages to send while working'),
  label: z.string().optional(),
});
type SleepInput = z.infer<typeof sleepInput>;

function sleepTool(name: string, safe: boolean) {
  return buildTool<SleepInput, string, string>({
    name,
    // They only take time: nothing in the workspace or outside changes.
    kind: 'think',
    inputSchema: sleepInput,
    prompt: () => `${name}: waits for ms milliseconds (${safe ? 'concurrency-safe' : 'not concurrency-safe'}).`,
    isConcurrencySafe: () => safe,
    isReadOnly: () => safe,
    userFacingName: (input) => `${name}(${input?.label ?? input?.ms ?? ''})`,
    async call(input, ctx, _canUse, _parent, onProgress) {
      const steps = input.progress ?? 0;
      for (let i = 0; i < steps; i++) {
        await ctx.clock.sleep(input.ms / (steps + 1), ctx.abortSignal);
        onProgress?.(`step ${i + 1}`);
      }
      await ctx.clock.sleep(steps > 0 ? input.ms / (steps + 1) : input.ms, ctx.abortSignal);
      if (input.throws) throw new Error(`${name} blew up`);
      return input.fail ? { output: `${name} failed`, isError: true } : { output: `${name} done after ${input.ms}` };
    },
    render: {
      use: (input) => ({ title: `${name} ${input.ms} ms` }),
      result: (output) => ({ title: output }),
    },
  });
}

/** Concurrency-safe and read-only. */
export const SafeSleep = sleepTool('SafeSleep', true);
/** Not concurrency-safe. */
export const UnsafeSleep = sleepTool('UnsafeSleep', false);
/** Named Bash so the sibling cascade applies (not concurrency-safe, like the seed's Bash). */
export const FakeBashSleep = buildTool<SleepInput & { command?: string }, string, string>({
  ...sleepTool('Bash', false),
  name: 'Bash',
  kind: 'execute',
  inputSchema: sleepInput.extend({ command: z.string().optional() }),
  prompt: () => 'A Bash stand-in that waits; fails when fail is set.',
});
/** A safe Bash stand-in for the read-only policy. */
export const SafeBashSleep = buildTool<SleepInput & { command?: string }, string, string>({
  ...sleepTool('Bash', true),
  name: 'Bash',
  kind: 'execute',
  inputSchema: sleepInput.extend({ command: z.string().optional() }),
  prompt: () => 'A concurrency-safe Bash stand-in that waits.',
});
