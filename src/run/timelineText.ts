import type { CallRecord, RunRecord, TurnRecord } from './record';

const WIDTH = 60;

function ms(value: number | null): string {
  return value === null ? '—' : `${Math.round(value)}`;
}

/** One call as a bar over the run: `.` queued, `~` simulated latency, `#` running, `=` completed, not yet yielded. */
function bar(call: CallRecord, scale: (t: number) => number): string {
  const cells = Array.from({ length: WIDTH }, () => ' ');
  const paint = (from: number | null, to: number | null, mark: string) => {
    if (from === null || to === null) return;
    for (let i = scale(from); i < Math.max(scale(to), scale(from) + 1) && i < WIDTH; i++) cells[i] = mark;
  };
  const end = call.completedAt ?? call.executingAt ?? call.queuedAt;
  paint(call.queuedAt, call.executingAt ?? end, '.');
  paint(call.executingAt, call.runStartedAt ?? call.completedAt, '~');
  paint(call.runStartedAt, call.completedAt, '#');
  paint(call.completedAt, call.yieldedAt, '=');
  return cells.join('');
}

function turnLines(turn: TurnRecord, scale: (t: number) => number, indent: string): string[] {
  const lines = [
    `${indent}turn ${turn.index}${turn.agent ? ` (sub-agent of ${turn.agent})` : ''}: stream ${ms(turn.streamStartedAt)}–${ms(turn.streamEndedAt)} ms` +
      (turn.streamEndReason && turn.streamEndReason !== 'end' ? ` [${turn.streamEndReason}]` : ''),
  ];
  for (const batch of turn.batches) {
    lines.push(`${indent}  batch ${batch.index} (${batch.concurrent ? 'concurrent' : 'serial'})`);
    for (const id of batch.toolUseIds) {
      const call = turn.calls.find((c) => c.id === id);
      if (!call) continue;
      lines.push(
        `${indent}    |${bar(call, scale)}| ${call.id} ${call.name} ${call.outcome ?? 'unfinished'}  ` +
          `queued ${ms(call.queuedAt)} executing ${ms(call.executingAt)} completed ${ms(call.completedAt)} yielded ${ms(call.yieldedAt)}`,
      );
      for (const wait of call.waits) lines.push(`${indent}      ${ms(wait.from)}–${ms(wait.to)} ms ${wait.reason}`);
      for (const child of call.children ?? []) lines.push(...turnLines(child, scale, `${indent}      `));
    }
  }
  if (turn.yieldOrder.length > 0) lines.push(`${indent}  yield order: ${turn.yieldOrder.join(', ')}`);
  return lines;
}

/** A text timeline of a run: per turn its stream, batches and calls, with a bar chart to scale. */
export function formatTimeline(record: RunRecord): string {
  const span = Math.max(1, record.endedAt - record.startedAt);
  const scale = (t: number) => Math.min(WIDTH - 1, Math.max(0, Math.floor(((t - record.startedAt) / span) * WIDTH)));
  const lines = [
    `${record.scenario} · ${record.strategy} · ${record.sandbox} sandbox · ${ms(record.endedAt - record.startedAt)} ms`,
    `bars: . queued  ~ simulated latency  # running  = completed, waiting to be yielded (0–${ms(span)} ms across ${WIDTH} columns)`,
  ];
  for (const turn of record.turns) lines.push(...turnLines(turn, scale, ''));
  return `${lines.join('\n')}\n`;
}

/** A few lines: scenario, strategy, makespan, calls by outcome, expectations. */
export function formatSummary(record: RunRecord): string {
  const counts = new Map<string, number>();
  const count = (turns: readonly TurnRecord[]) => {
    for (const turn of turns) {
      for (const call of turn.calls) {
        counts.set(call.outcome ?? 'unfinished', (counts.get(call.outcome ?? 'unfinished') ?? 0) + 1);
        count(call.children ?? []);
      }
    }
  };
  count(record.turns);
  const calls = [...counts.entries()].map(([outcome, n]) => `${n} ${outcome}`).join(', ') || 'no calls';
  const lines = [`${record.scenario} (${record.strategy}, ${record.sandbox}): ${ms(record.endedAt - record.startedAt)} ms, ${record.turns.length} turn(s), ${calls}`];
  if (record.error) lines.push(`error: ${record.error}`);
  if (record.expectations) {
    lines.push(record.expectations.passed ? 'expectations: passed' : `expectations: FAILED (${record.expectations.failures.length})`);
    for (const failure of record.expectations.failures) lines.push(`  - ${failure}`);
  }
  return `${lines.join('\n')}\n`;
}
