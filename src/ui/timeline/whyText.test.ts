import { describe, expect, it } from 'vitest';
import { causeLinks } from '../../run/causeLinks';
import { buildRecord } from '../../run/reduceRun';
import type { CallRecord, RunRecord } from '../../run/record';
import { seedRun } from '../../../test/sampleRuns';

import { replayBuiltIn } from '../../../test/replayBuiltIn';
import { whyAnswer } from './whyText';

const calls = (record: RunRecord): CallRecord[] => record.turns.flatMap((turn) => turn.calls);

describe('whyAnswer', () => {
  const record = buildRecord(seedRun());
  const turn = calls(record);
  const links = causeLinks(record);
  const call = (id: string) => turn.find((candidate) => candidate.id === id)!;

  it('says why Read c waited, in order, naming Bash, and points at Bash', () => {
    const answer = whyAnswer(call('toolu_c'), turn, links);
    expect(answer.text).toBe(
      'Read(src/c.ts) waited 1.1 s–1.5 s: Bash(ls src) is not concurrency-safe and was queued earlier; nothing may overtake it; then 1.5 s–2 s: Bash(ls src) is not concurrency-safe and is executing.',
    );
    expect(answer.blockers).toEqual(['toolu_bash']);
  });

  it('at a moment: the wait then, or what the call was doing', () => {
    expect(whyAnswer(call('toolu_bash'), turn, links, { at: 1400 })).toEqual({
      text: 'Bash(ls src) waited 1.3 s–1.5 s: this call is not concurrency-safe and must run alone; 1 call(s) still executing (Read(src/b.ts)).',
      blockers: ['toolu_b'],
    });
    expect(whyAnswer(call('toolu_a'), turn, links, { at: 900 }).text).toBe('Read(src/a.ts) was in its simulated latency and checks for 800 ms: scripted time, not real work.');
    expect(whyAnswer(call('toolu_bash'), turn, links, { at: 1900 }).text).toBe('Bash(ls src) was running its tool for 150 ms: real work, at its real pace.');
  });

  it('a call that never waited says so', () => {
    expect(whyAnswer(call('toolu_a'), turn, links)).toEqual({ text: 'Read(src/a.ts) did not wait: it started at 500 ms, as soon as its block closed in the stream.', blockers: [] });
  });

  it('a cancelled call names the failed call', async () => {
    const cascade = await replayBuiltIn('bash-cascade');
    const all = calls(cascade);
    const answer = whyAnswer(all.find((c) => c.id === 'toolu_read_app')!, all, causeLinks(cascade));
    expect(answer.text).toMatch(/^Read\(src\/app\.ts\) was cancelled at [\d.]+ s: Bash\(cat dist\/build\.log\) failed, and its error cancelled the calls beside it\.$/);
    expect(answer.blockers).toEqual(['toolu_bash_cat_dist']);
  });
});
