/**
 * The start-up floor of `npm run bench:cli`: what a replay's two libraries cost by themselves, built
 * and loaded as the command is (scripts/cliBuild.js, the same loader and code cache). One zod schema
 * made and checked, as a tool's input is, and one shell command run by just-bash in memory, as the
 * virtual sandbox runs `ls src` in seed-partition. The replay's start-up minus this one is the
 * engine's own: its tools, the scenario's schema and checks, the run and its report.
 */
import { Bash, InMemoryFs } from 'just-bash';
import * as z from 'zod';

async function main(): Promise<void> {
  const input = z.strictObject({ command: z.string().describe('The command to run') }).parse({ command: 'ls src' });
  const fs = new InMemoryFs();
  await fs.writeFile('/workspace/src/a.ts', 'export const a = 1;\n');
  const result = await new Bash({ fs, cwd: '/workspace' }).exec(input.command);
  if (result.stdout !== 'a.ts\n') throw new Error(`the floor's shell command printed ${JSON.stringify(result.stdout)}`);
}

void main();
