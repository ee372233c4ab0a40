import { useState } from 'react';
import { POLICIES, POLICY_NAMES, type PolicyName } from '../../scenarios/policies';
import type { CompareSubject } from '../store';

/** Chooses what the compare view runs: the four strategies, or any set of the policy presets. */
export function CompareSubjectPicker({ subject, disabled, onChange }: { subject: CompareSubject; disabled: boolean; onChange: (subject: CompareSubject) => void }) {
  const chosen = subject.kind === 'policies' ? subject.policies : [];
  // The presets last ticked stay ticked while the strategies are shown, to come back to.
  const [kept, setKept] = useState<readonly PolicyName[]>(chosen.length > 0 ? chosen : ['seed']);
  const policies = subject.kind === 'policies' ? chosen : kept;
  const toggle = (name: PolicyName, on: boolean) => {
    const next = POLICY_NAMES.filter((candidate) => (candidate === name ? on : policies.includes(candidate)));
    setKept(next);
    onChange({ kind: 'policies', policies: next });
  };
  return (
    <fieldset className="compare-subject" disabled={disabled}>
      <legend>Compare</legend>
      <label>
        <input type="radio" name="compare-subject" checked={subject.kind === 'strategies'} onChange={() => onChange({ kind: 'strategies' })} /> the four strategies
      </label>
      <label>
        <input type="radio" name="compare-subject" checked={subject.kind === 'policies'} onChange={() => onChange({ kind: 'policies', policies: kept })} /> real agents’ policies:
      </label>
      {subject.kind === 'policies' && (
        <ul className="compare-policies" aria-label="Policy presets to compare">
          {POLICY_NAMES.map((name) => (
            <li key={name}>
              <label title={POLICIES[name].source}>
                <input type="checkbox" checked={policies.includes(name)} onChange={(event) => toggle(name, event.target.checked)} /> <span className="mono">{name}</span>{' '}
                <span className="muted">
                  {POLICIES[name].agent} {POLICIES[name].version}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
