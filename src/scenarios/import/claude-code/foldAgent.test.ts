import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LogProblem } from '../logLines';
import { readLogLines } from './logEntries';
import { foldAgent } from './foldAgent';

/** A real Claude Code 2.1.39 log (test/transcripts/README.md): its project ran PostToolUse hooks on every call. */
const LOG = readFileSync(join(import.meta.dirname, '../../../../test/transcripts/spotter-fa812bfe-main-lines1-312.jsonl'), 'utf8').split('\n');

/** Lines `from`..`to` (1-based, as numbered in the file) folded as one agent, those `keep` refuses left out. */
function fold(from: number, to: number, keep: (line: string) => boolean = () => true) {
  const problems: LogProblem[] = [];
  const text = LOG.slice(from - 1, to).filter(keep).join('\n');
  const agent = foldAgent(readLogLines(text, 'spotter-fa812bfe').entries, problems);
  const at = (id: string) => {
    const call = agent.calls.get(id)!;
    return { closedAt: iso(call.closedAt), startedAt: call.startedAt !== undefined ? iso(call.startedAt) : undefined, endedAt: call.endedAt !== undefined ? iso(call.endedAt) : undefined };
  };
  return { agent, at, problems };
}
const iso = (ms: number) => new Date(ms).toISOString().slice(11, 23);
const notPostToolUse = (line: string) => !line.includes('"hookEvent":"PostToolUse"');

describe('a call’s end, where its PostToolUse hooks ran on after its result', () => {
  it('is the start of the call that waited for it: three Edits of one response (lines 178–214)', () => {
    // Each Edit's result is stamped ~60 ms after its PreToolUse hook and its PostToolUse hooks begin
    // 1 ms later, but the result line is written only after lines stamped seconds later (line 192,
    // stamped 35.497, follows line 184, stamped 40.761), and the next Edit's PreToolUse hook is the
    // very next line: the first Edit held the edit slot until 41.029, not 35.497.
    const { at, problems } = fold(178, 214);
    expect(problems).toEqual([]);
    expect(at('toolu_01B4VzsoavVKwmNuCoSnQMs5')).toEqual({ closedAt: '15:38:35.431', startedAt: '15:38:35.433', endedAt: '15:38:41.029' });
    expect(at('toolu_01MK9nzCzTu36zgaqSgrAVfD')).toEqual({ closedAt: '15:38:36.378', startedAt: '15:38:41.029', endedAt: '15:38:45.711' });
    // The last one: no call waited for it, so nothing tells when its hooks ended; its result's stamp stays.
    expect(at('toolu_01EZoQN93VzBBqej4JpLSPjA')).toEqual({ closedAt: '15:38:40.761', startedAt: '15:38:45.711', endedAt: '15:38:45.786' });
  });

  it('is the start of the Bash call queued behind it (lines 8–25), 77 ms after its result', () => {
    const { at } = fold(8, 25);
    expect(at('toolu_01SZB3juMsXcXZbHjVubHiga')).toEqual({ closedAt: '15:36:13.877', startedAt: '15:36:13.882', endedAt: '15:36:20.270' });
    expect(at('toolu_016BubCytDrE5ACMhyM1JFso')).toEqual({ closedAt: '15:36:14.429', startedAt: '15:36:20.270', endedAt: '15:36:22.223' });
  });

  it('stays its result’s stamp where the log shows no PostToolUse hook of it', () => {
    const { at } = fold(178, 214, notPostToolUse);
    expect(at('toolu_01B4VzsoavVKwmNuCoSnQMs5').endedAt).toBe('15:38:35.497');
    expect(at('toolu_01MK9nzCzTu36zgaqSgrAVfD')).toEqual({ closedAt: '15:38:36.378', startedAt: '15:38:41.029', endedAt: '15:38:41.089' });
  });

  it('stays its result’s stamp when the next call’s start is not the very next line', () => {
    // The next Edit's block written after the first Edit's result (it did not wait for it): lines 179, 181–182, 192, then 183.
    const lines = [178, 179, 181, 182, 185, 186, 187, 188, 189, 190, 191, 192, 183, 193, 194, 196, 197, 198, 199, 200, 201, 202, 203];
    const problems: LogProblem[] = [];
    const agent = foldAgent(readLogLines(lines.map((n) => LOG[n - 1]).join('\n'), 'spotter-fa812bfe').entries, problems);
    expect(iso(agent.calls.get('toolu_01B4VzsoavVKwmNuCoSnQMs5')!.endedAt!)).toBe('15:38:35.497');
  });
});
