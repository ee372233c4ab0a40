import type { BashExplanation } from '../../tools/permissions/bashDecision';

const DECISION_TEXT: Record<BashExplanation['decision'], string> = {
  allow: 'allowed',
  ask: 'asks',
  deny: 'denied',
  undecided: 'no rule decides: the permission mode does',
};

/**
 * One command explained: the decision and why, the rule that decided, the simple commands the line
 * splits into (the AST split), the commands they run and through what, the files read and
 * written, the environment that changes what runs, what the analysis cannot see, and every rule's
 * verdict.
 */
export function Explanation({ explanation }: { explanation: BashExplanation }) {
  const own = explanation.commands.filter((command) => command.via.length === 0);
  const inner = explanation.commands.filter((command) => command.via.length > 0);
  return (
    <article className="rules-result" data-testid="rule-result" data-decision={explanation.decision} aria-label="What the rules decide">
      <p className="rules-decision">
        <span className={`rules-badge is-${explanation.decision}`} data-testid="rule-decision">
          {explanation.decision}
        </span>{' '}
        {DECISION_TEXT[explanation.decision]}
        {explanation.rule && (
          <>
            {' '}
            by <code data-testid="rule-matching">{explanation.rule}</code>
          </>
        )}
      </p>
      <p className="rules-reason">Why: {explanation.reason}.</p>
      {!explanation.parsed ? (
        <p className="muted">The command could not be parsed, so nothing of it can be checked.</p>
      ) : (
        <>
          <h3>The line splits into</h3>
          <ol className="rules-commands" data-testid="rule-split">
            {own.map((command) => (
              <li key={command.index} className="mono">
                {command.text}
                {command.redirects.length > 0 && <span className="muted"> {command.redirects.join(' ')}</span>}
              </li>
            ))}
          </ol>
          {inner.length > 0 && (
            <>
              <h3>Commands they run</h3>
              <ul className="rules-commands" data-testid="rule-inner">
                {inner.map((command) => (
                  <li key={command.index}>
                    <span className="mono">{command.text}</span> <span className="muted">← through {command.via.join(' → ')}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {explanation.files.length > 0 && (
            <>
              <h3>Files</h3>
              <ul className="rules-commands">
                {explanation.files.map((file, index) => (
                  <li key={index}>
                    {file.access} <span className="mono">{file.path ?? '(known only at run time)'}</span>
                    {file.kind === 'tree' ? '/**' : ''} <span className="muted">({file.by}{file.certainty === 'possible' ? ', maybe' : ''})</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {explanation.env.length > 0 && (
            <>
              <h3>Environment that changes what runs</h3>
              <ul className="rules-commands">
                {explanation.env.map((finding, index) => (
                  <li key={index}>
                    <span className="mono">{finding.name}</span>: {finding.why}
                  </li>
                ))}
              </ul>
            </>
          )}
          {explanation.hidden.length > 0 && (
            <>
              <h3>What the analysis cannot see</h3>
              <ul className="rules-commands" data-testid="rule-hidden">
                {explanation.hidden.map((part, index) => (
                  <li key={index}>{part.reason}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      {explanation.checks.length > 0 && (
        <table className="rules-checks" data-testid="rule-checks">
          <caption>Every rule’s verdict, in the order they are checked</caption>
          <thead>
            <tr>
              <th scope="col">List</th>
              <th scope="col">Rule</th>
              <th scope="col">Verdict</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {explanation.checks.map((check, index) => (
              <tr key={index} data-verdict={check.verdict} data-deciding={check.rule === explanation.rule ? 'true' : undefined}>
                <td>{check.list}</td>
                <td className="mono">{check.rule}</td>
                <td>{check.verdict}</td>
                <td>{check.why}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
