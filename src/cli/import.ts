/**
 * `npm run import -- SESSION.jsonl [--out scenario.json]`: a Claude Code session log, a Codex CLI
 * rollout, a Gemini CLI chat file or a Copilot CLI events.jsonl as a scenario (see importMain.ts).
 * Runs from the built bundle, like the replay.
 */
import { terminalSafe, safeWriter } from './terminalText';
import { readSessionFiles, writeTextFile } from './nodeFiles';
import { importMain } from './importMain';
import { createProgress } from './progress';

importMain(process.argv.slice(3), {
  readSessionFiles,
  writeFile: writeTextFile,
  stdout: safeWriter(process.stdout),
  stderr: safeWriter(process.stderr),
  progress: (label) => createProgress(label, 2),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(terminalSafe(`import: ${error instanceof Error ? error.message : String(error)}\n`));
    process.exitCode = 2;
  },
);
