/**
 * An entry for scripts/cliBuild.test.ts, built as the command is: one just-bash command that needs
 * what the build leaves where just-bash is installed (sqlite3's worker, found by its
 * `import.meta.url`, and sql.js, required from just-bash's folder), its output printed.
 */
import { Bash, InMemoryFs } from 'just-bash';

async function main(): Promise<void> {
  const result = await new Bash({ fs: new InMemoryFs(), cwd: '/' }).exec('sqlite3 :memory: "select 1+1;"');
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
}

void main();
