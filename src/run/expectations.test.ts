import { describe, expect, it } from 'vitest';
import type { Scenario } from '../scenarios/schema';
import { applyExpectations, checkExpectations, type ScenarioExpectations, type TurnExpectation } from './expectations';
import { buildRecord } from './reduceRun';
import { fallbackRun, seedRun, subAgentRun } from '../../test/sampleRuns';

const seed = buildRecord(seedRun());
const turn0 = (expect: TurnExpectation): ScenarioExpectations => ({ turns: [{ expect }, {}] });

describe('checkExpectations', () => {
  it('passes when batches, outcomes, result text, yield order and files all match', () => {
    const report = checkExpectations(seed, {
      turns: [
        {
          expect: {
            batches: [['toolu_a', 'toolu_b'], ['toolu_bash'], ['toolu_c']],
            outcomes: { toolu_a: 'success', toolu_bash: 'success' },
            resultIncludes: { toolu_bash: 'b.ts' },
            yieldOrder: ['toolu_a', 'toolu_b', 'toolu_bash', 'toolu_c'],
          },
        },
        {},
      ],
      expect: { files: { 'src/a.ts': 'export const a = 1;\n' } },
    });
    expect(report).toEqual({ passed: true, failures: [] });
  });

  it('names the turn and shows expected and actual batches', () => {
    const report = checkExpectations(seed, turn0({ batches: [['toolu_a', 'toolu_b', 'toolu_bash'], ['toolu_c']] }));
    expect(report.passed).toBe(false);
    expect(report.failures).toEqual([
      'turn 0: batches differ: expected [[toolu_a, toolu_b, toolu_bash], [toolu_c]], got [[toolu_a, toolu_b], [toolu_bash], [toolu_c]]',
    ]);
  });

  it('names the call, its tool and both outcomes', () => {
    const report = checkExpectations(seed, turn0({ outcomes: { toolu_bash: 'error' } }));
    expect(report.failures).toEqual(['turn 0: call toolu_bash (Bash): expected outcome error, got success']);
  });

  it('says when an expected call never reached the executor', () => {
    const report = checkExpectations(seed, turn0({ outcomes: { toolu_missing: 'success' } }));
    expect(report.failures[0]).toContain('turn 0: call toolu_missing');
    expect(report.failures[0]).toContain('no such call');
    expect(report.failures[0]).toContain('toolu_a, toolu_b, toolu_bash, toolu_c');
  });

  it('quotes the expected text and the actual result when a result lacks it', () => {
    const report = checkExpectations(seed, turn0({ resultIncludes: { toolu_a: 'const z' } }));
    expect(report.failures).toEqual(['turn 0: call toolu_a (Read): expected the result to include "const z", got "export const a = 1;"']);
  });

  it('says a discarded call has no result to search', () => {
    const report = checkExpectations(buildRecord(fallbackRun()), { turns: [{ expect: { resultIncludes: { toolu_z: 'const z' } } }] });
    expect(report.failures).toEqual(['turn 0: call toolu_z (Read): expected a result including "const z", but it has no result (outcome discarded)']);
  });

  it('shows both yield orders when they differ', () => {
    const report = checkExpectations(seed, turn0({ yieldOrder: ['toolu_b', 'toolu_a', 'toolu_bash', 'toolu_c'] }));
    expect(report.failures).toEqual([
      'turn 0: yield order differs: expected [toolu_b, toolu_a, toolu_bash, toolu_c], got [toolu_a, toolu_b, toolu_bash, toolu_c]',
    ]);
  });

  it('reports a missing file and the first differing line of a changed one', () => {
    const report = checkExpectations(seed, { turns: [], expect: { files: { 'src/a.ts': 'export const a = 2;\n', 'src/new.ts': 'x' } } });
    expect(report.failures).toEqual([
      'file src/a.ts: content differs from line 1: expected "export const a = 2;", got "export const a = 1;" (expected 20 characters, got 20)',
      'file src/new.ts: expected it to exist with "x", but the workspace has no such file',
    ]);
  });

  it('says when an expected turn never ran', () => {
    const report = checkExpectations(seed, { turns: [{}, {}, { expect: { yieldOrder: [] } }] });
    expect(report.failures).toEqual(['turn 2: expected it to run, but the run ended after 2 turn(s)']);
  });

  it('checks scripted sub-agents against the turns nested under their Agent call', () => {
    const record = buildRecord(subAgentRun());
    const passing = checkExpectations(record, { turns: [], agents: { toolu_agent: { turns: [{ expect: { outcomes: { toolu_sub_read: 'success' } } }] } } });
    expect(passing.passed).toBe(true);
    const failing = checkExpectations(record, { turns: [], agents: { toolu_agent: { turns: [{ expect: { yieldOrder: [] } }] } } });
    expect(failing.failures).toEqual(['agent toolu_agent turn 0: yield order differs: expected [], got [toolu_sub_read]']);
    const absent = checkExpectations(record, { turns: [], agents: { toolu_nobody: { turns: [{ expect: { yieldOrder: [] } }] } } });
    expect(absent.failures[0]).toContain('agent toolu_nobody: the Agent call never ran');
  });

  it('attaches its verdict to the record with applyExpectations', () => {
    const checked = applyExpectations(seed, turn0({ outcomes: { toolu_a: 'error' } }));
    expect(checked.expectations?.passed).toBe(false);
    expect(checked.expectations?.failures).toHaveLength(1);
    expect(seed.expectations).toBeNull();
  });

  it('accepts a validated Scenario as it is', () => {
    const accepts = (scenario: Scenario): ScenarioExpectations => scenario;
    expect(typeof accepts).toBe('function');
  });
});
