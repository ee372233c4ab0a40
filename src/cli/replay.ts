/**
 * Headless replay (design.md, Command line):
 *   npm run replay -- SCENARIO [--sandbox virtual] [--strategy streaming|batched|serial|parallel]
 *                     [--format json|timeline|chrome-trace|summary] [--out FILE] [--realtime]
 * Exit 0 when the run met the scenario's expectations, 1 when it did not, 2 when the scenario (or
 * the command line) is invalid.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { replayMain } from './replayMain';

const io = {
  readFile: (path: string) => readFile(path, 'utf8'),
  writeFile: (path: string, text: string) => writeFile(path, text, 'utf8'),
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
};

replayMain(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`replay: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
