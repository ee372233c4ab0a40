/**
 * A Vitest setup file for the projects whose files share a worker (`isolate: false`): just-bash
 * patches process-wide globals (`process.env` among them) while any of its commands runs, so a
 * command still running when a file ends breaks the next file in the worker before it starts (its
 * worker id cannot be written to `process.env`). Each file waits, after its tests, until no
 * just-bash command runs; one that outlives the wait fails this file, named, and its patches are
 * taken back so that the next file is judged on its own.
 */
import { DefenseInDepthBox } from 'just-bash';
import { afterAll } from 'vitest';

/** Long enough for a command abandoned at a timeout to reach its own deadline on a busy machine. */
const SETTLE_MS = 30_000;

afterAll(async () => {
  // `true` is the configuration every Bash of the sandbox uses (just-bash's default).
  const box = DefenseInDepthBox.getInstance(true);
  const started = Date.now();
  while (box.isActive() && Date.now() - started < SETTLE_MS) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!box.isActive()) return;
  box.forceDeactivate();
  throw new Error(`a just-bash command was still running ${SETTLE_MS / 1000} s after this file's last test: a sandbox's command outlived its run`);
}, SETTLE_MS + 5_000);
