import { readFileSync, readdirSync } from 'node:fs';
import { importClaudeSession } from './src/scenarios/import/importSession';
for (const f of readdirSync('../shared/transcripts').filter((f) => f.endsWith('.jsonl'))) {
  const s = performance.now();
  const r = importClaudeSession([{ name: f, text: readFileSync(`../shared/transcripts/${f}`, 'utf8') }]);
  console.log(f, r.ok, (performance.now() - s).toFixed(0), 'ms', r.problems.length, 'problems');
  for (const p of r.problems.slice(0, 4)) console.log('   ', p.line, p.message.slice(0, 150));
  if (r.ok) console.log('   turns', r.scenario.turns.length, 'agents', Object.keys(r.scenario.agents ?? {}).length, 'files', Object.keys(r.scenario.workspace.files).length, r.scenario.settings.policy, r.scenario.observed?.unknown?.slice(0, 3));
}
