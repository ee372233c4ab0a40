import type { CallOutcome } from '../../tools/execution';
import type { CallRecord, RunRecord, TurnRecord } from '../../run/record';
import { POLICIES } from '../../scenarios/policies';
import { effectiveSettings } from '../../scenarios/effectiveSettings';
import type { Scenario } from '../../scenarios/schema';
import type { RunChanges } from '../store';

/*
 * A lesson's expectations are its check: after a run the page says, in words, whether the run
 * showed what the lesson expects, what the person changed of the lesson (files, settings, the
 * strategy, Stop, their own answers), and which difference each change explains.
 */

/** One way the run differs from what the lesson expects, and what explains it when something does. */
export interface Difference {
  text: string;
  why?: string;
}

/** The lesson check of one run. */
export interface LessonCheck {
  /** `met`: the run showed what the lesson expects; `differs`: it did not; `none`: the lesson expects nothing. */
  status: 'met' | 'differs' | 'none';
  /** What the person changed of the lesson for this run, each in a sentence. */
  changes: string[];
  differences: Difference[];
}

const OUTCOME_WAS: Record<CallOutcome, string> = {
  success: 'succeeded',
  error: 'failed',
  invalid: 'was refused as invalid input',
  denied: 'was denied',
  cancelled: 'was cancelled because a sibling call failed',
  interrupted: 'was stopped by Stop',
  discarded: 'was discarded when the stream fell back',
};

const OUTCOME_TO: Record<CallOutcome, string> = {
  success: 'to succeed',
  error: 'to fail',
  invalid: 'to be refused as invalid input',
  denied: 'to be denied',
  cancelled: 'to be cancelled by a failing sibling',
  interrupted: 'to be stopped',
  discarded: 'to be discarded',
};

const SETTING_NAMES: Record<string, string> = {
  permissionMode: 'the permission mode',
  policy: 'the policy',
  maxConcurrency: 'the concurrency cap',
  resultOrder: 'the result order',
  cascade: 'the cascade',
  bashConcurrency: 'Bash concurrency',
  concurrentTools: 'the concurrent tools',
  deferTools: 'deferred tools',
};

/** A call as people name it: its tool and its main argument (`Read(src/a.ts)`, `Bash(ls src)`). */
export function callLabel(call: Pick<CallRecord, 'name' | 'input' | 'id'>): string {
  const input = call.input;
  if (typeof input === 'object' && input !== null) {
    const record = input as Record<string, unknown>;
    const main = ['file_path', 'command', 'pattern', 'path', 'url', 'query', 'description', 'notebook_path'].map((key) => record[key]).find((value) => typeof value === 'string');
    if (typeof main === 'string') return `${call.name}(${main.length > 48 ? `${main.slice(0, 47)}…` : main})`;
  }
  return `${call.name} ${call.id}`;
}

/** What the person changed of the lesson for this run, in sentences. */
export function describeChanges(lesson: Scenario, changes: RunChanges): string[] {
  const said: string[] = [];
  for (const path of changes.editedPaths) said.push(`You changed ${path} before the run.`);
  const before = effectiveSettings(lesson.settings) as unknown as Record<string, unknown>;
  const after = effectiveSettings({ ...lesson.settings, ...changes.overrides }) as unknown as Record<string, unknown>;
  for (const key of Object.keys(SETTING_NAMES)) {
    if (String(before[key]) !== String(after[key])) said.push(`You set ${SETTING_NAMES[key]} to ${String(after[key])} (the lesson: ${String(before[key])}).`);
  }
  const policy = changes.overrides.policy ?? lesson.settings.policy;
  const own = POLICIES[policy].strategy;
  if (changes.strategy !== own) said.push(`You ran it under the ${changes.strategy} strategy (the policy’s own: ${own}).`);
  if (changes.stoppedAt !== null) said.push(`You pressed Stop at ${formatMs(changes.stoppedAt)}.`);
  return said;
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/** What the scenario's script answers to a call's permission ask. */
function scriptedAnswer(lesson: Scenario, id: string): 'allow' | 'deny' {
  const answer = lesson.settings.answers[id];
  return answer === undefined ? lesson.settings.defaultAnswer : typeof answer === 'string' ? answer : 'allow';
}

/** The one change of the person that explains a call's differing outcome, when one does. */
function whyOutcome(lesson: Scenario, changes: RunChanges, call: CallRecord, settingsSaid: readonly string[]): string | undefined {
  if (call.outcome === 'interrupted' && changes.stoppedAt !== null) return `you pressed Stop at ${formatMs(changes.stoppedAt)}, while it had no result yet`;
  const answer = call.permission?.answer;
  if (answer && answer !== scriptedAnswer(lesson, call.id)) return `you answered ${answer} to its permission prompt; the lesson’s script answers ${scriptedAnswer(lesson, call.id)}`;
  if (call.name === 'AskUserQuestion' && changes.askedPerson) return 'you answered its questions yourself; the lesson’s script has answers of its own';
  const path = typeof call.input === 'object' && call.input !== null ? (call.input as { file_path?: unknown }).file_path : undefined;
  if (typeof path === 'string' && changes.editedPaths.includes(path.replace(/^\.\//, ''))) return `you changed ${path} before the run`;
  return settingsSaid.length > 0 ? lowerFirst(settingsSaid.join(' ')) : undefined;
}

function lowerFirst(text: string): string {
  return text.replace(/^You /, 'you ').replace(/\.$/, '');
}

/** Compares the run's main turns and files with the lesson's expectations, in words. */
export function lessonCheck(lesson: Scenario, record: RunRecord, changes: RunChanges | null): LessonCheck {
  const said = changes ? describeChanges(lesson, changes) : [];
  const settingsSaid = said.filter((sentence) => !sentence.startsWith('You changed ') && !sentence.startsWith('You pressed Stop'));
  const differences: Difference[] = [];
  let expects = false;
  const calls = new Map<string, CallRecord>();
  const walk = (turns: readonly TurnRecord[]) => {
    for (const turn of turns) {
      for (const call of turn.calls) {
        calls.set(call.id, call);
        walk(call.children ?? []);
      }
    }
  };
  walk(record.turns);
  const label = (id: string) => {
    const call = calls.get(id);
    return call ? callLabel(call) : id;
  };
  const groups = (batches: readonly (readonly string[])[]) => batches.map((batch) => `[${batch.map(label).join(', ')}]`).join(' then ');
  lesson.turns.forEach((scripted, index) => {
    const expect = scripted.expect;
    if (!expect) return;
    expects = true;
    const turn = record.turns.find((candidate) => candidate.agent === undefined && candidate.index === index);
    if (!turn) {
      differences.push({ text: `The run ended before response ${index + 1}, which the lesson expects to run.`, ...(changes?.stoppedAt != null ? { why: `you pressed Stop at ${formatMs(changes.stoppedAt)}` } : {}) });
      return;
    }
    for (const [id, outcome] of Object.entries(expect.outcomes ?? {})) {
      const call = calls.get(id);
      if (!call) differences.push({ text: `${id} never reached the executor; the lesson expects it ${OUTCOME_TO[outcome]}.` });
      else if (call.outcome !== outcome) {
        const why = whyOutcome(lesson, changes ?? { strategy: record.strategy, overrides: {}, editedPaths: [], askedPerson: false, stoppedAt: null }, call, settingsSaid);
        differences.push({ text: `${callLabel(call)} ${call.outcome ? OUTCOME_WAS[call.outcome] : 'never finished'}; the lesson expects it ${OUTCOME_TO[outcome]}.`, ...(why ? { why } : {}) });
      }
    }
    const orderWhy = settingsSaid.length > 0 ? lowerFirst(settingsSaid.join(' ')) : undefined;
    if (expect.batches) {
      const actual = turn.batches.map((batch) => batch.toolUseIds);
      if (JSON.stringify(actual) !== JSON.stringify(expect.batches)) {
        differences.push({ text: `The calls were grouped as ${groups(actual) || 'nothing'}; the lesson expects ${groups(expect.batches)}.`, ...(orderWhy ? { why: orderWhy } : {}) });
      }
    }
    if (expect.yieldOrder && JSON.stringify(turn.yieldOrder) !== JSON.stringify(expect.yieldOrder)) {
      differences.push({ text: `The results came back as ${turn.yieldOrder.map(label).join(', ') || 'none'}; the lesson expects ${expect.yieldOrder.map(label).join(', ')}.`, ...(orderWhy ? { why: orderWhy } : {}) });
    }
    for (const [id, text] of Object.entries(expect.resultIncludes ?? {})) {
      const call = calls.get(id);
      if (call && call.result && !call.result.content.includes(text) && call.outcome === (expect.outcomes?.[id] ?? call.outcome)) {
        differences.push({ text: `${callLabel(call)}’s result does not say “${text}”, as the lesson expects.` });
      }
    }
  });
  for (const [path, text] of Object.entries(lesson.expect?.files ?? {})) {
    expects = true;
    const actual = record.files[path];
    if (actual === text) continue;
    const edited = changes?.editedPaths.includes(path);
    const why = edited ? `you changed ${path} before the run` : settingsSaid.length > 0 ? lowerFirst(settingsSaid.join(' ')) : undefined;
    differences.push({ text: actual === undefined ? `${path} is missing at the end; the lesson expects it.` : `${path} ends with other text than the lesson expects.`, ...(why ? { why } : {}) });
  }
  if (record.expectations && !record.expectations.passed && differences.length === 0) {
    differences.push({ text: 'The run differs from the lesson’s expected result in its sub-agents’ calls (the timeline shows them).' });
  }
  return { status: !expects ? 'none' : differences.length === 0 ? 'met' : 'differs', changes: said, differences };
}
