import { useDeferredValue, useMemo, useState } from 'react';
import { PERMISSION_MODES } from '../../tools/permissions/modes';
import type { PermissionMode } from '../../tools/types';
import { BYPASS_CORPUS, caseInput, corpusByClass, testRules, type TesterInput } from './ruleTester';
import { Explanation } from './Explanation';
import './rules.css';

const START: TesterInput = { allow: 'Bash(ls:*)\nBash(git status)', ask: '', deny: 'Bash(rm:*)', command: 'ls && rm -rf build', mode: 'default' };

/**
 * The permission-rule tester: rules and a command line in, the decision out, with how the command
 * was read (the simple commands, the ones they run and through what, the files, the environment,
 * what cannot be seen) and every rule's verdict. The same analysis a run uses; the project's bypass
 * corpus is there to try.
 */
export function RulesPanel() {
  const [input, setInput] = useState<TesterInput>(START);
  const [example, setExample] = useState<number | null>(null);
  const deferred = useDeferredValue(input);
  const result = useMemo(() => testRules(deferred), [deferred]);
  const groups = useMemo(() => corpusByClass(), []);
  const chosen = example === null ? undefined : BYPASS_CORPUS[example];
  const edit = (change: Partial<TesterInput>) => {
    setInput((current) => ({ ...current, ...change }));
    setExample(null);
  };
  const area = (key: 'allow' | 'ask' | 'deny', label: string) => (
    <label className="rules-list">
      <span>{label}</span>
      <textarea rows={2} spellCheck={false} className="mono" value={input[key]} onChange={(event) => edit({ [key]: event.target.value })} />
    </label>
  );
  return (
    <section className="rules" aria-label="Permission-rule tester" data-testid="rules-tester">
      <h2>Permission-rule tester</h2>
      <p className="muted">
        Rules one a line, as a scenario’s settings hold them (<code>Bash(git *)</code>, <code>Read(.env)</code>, <code>Edit(secrets/**)</code>). Deny rules are checked first, then ask, then allow.
      </p>
      <label className="rules-example">
        <span>Try a bypass from the project’s corpus</span>
        <select
          value={example ?? ''}
          onChange={(event) => {
            const index = event.target.value === '' ? null : Number(event.target.value);
            setExample(index);
            const item = index === null ? undefined : BYPASS_CORPUS[index];
            if (item) setInput(caseInput(item, input.mode));
          }}
        >
          <option value="">(your own)</option>
          {groups.map((group) => (
            <optgroup key={group.klass} label={`${group.klass}: ${group.text}`}>
              {group.cases.map(({ index, item }) => (
                <option key={index} value={index}>
                  {item.command.replace(/\n/g, ' ⏎ ')}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      {chosen && (
        <p className="rules-expect" data-testid="rules-example-expect">
          The corpus expects <strong>{chosen.expect}</strong>: {chosen.why}.
        </p>
      )}
      {area('allow', 'Allow rules')}
      {area('ask', 'Ask rules')}
      {area('deny', 'Deny rules')}
      <label className="rules-list">
        <span>Command</span>
        <textarea rows={2} spellCheck={false} className="mono" value={input.command} onChange={(event) => edit({ command: event.target.value })} />
      </label>
      <label className="rules-mode">
        <span>Permission mode</span>
        <select value={input.mode} onChange={(event) => setInput((current) => ({ ...current, mode: event.target.value as PermissionMode }))}>
          {PERMISSION_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {mode}
            </option>
          ))}
        </select>
      </label>
      {result.ok ? (
        <Explanation explanation={result.explanation} />
      ) : (
        <ul className="rules-errors" role="alert" data-testid="rules-errors">
          {result.errors.map((error) => (
            <li key={`${error.list}:${error.rule}`}>
              The {error.list} rule <code>{error.rule}</code> cannot be read: {error.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
