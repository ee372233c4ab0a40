import type { PoolReport } from '../../tools/filter';

/** The tool pool pipeline (design.md, The pool and deferred discovery): each stage's kept and removed tools, the deferred ones, the token cost. */
export function PoolPanel({ report }: { report: PoolReport | null }) {
  if (!report) {
    return (
      <section className="pool" data-testid="tool-pool" aria-label="Tool pool">
        <p className="muted">The pool is assembled when a run starts.</p>
      </section>
    );
  }
  const { tokens } = report;
  const saved = tokens.withoutDeferral - tokens.withDeferral;
  return (
    <section className="pool" data-testid="tool-pool" aria-label="Tool pool">
      <ol className="pool-stages">
        {report.stages.map((stage) => (
          <li key={stage.stage} data-stage={stage.stage}>
            <h4>
              {stage.label} <span className="count">{stage.kept.length} kept</span>
            </h4>
            <p className="tools mono">{stage.kept.join(', ') || '(none)'}</p>
            {stage.removed.length > 0 && (
              <ul className="removed">
                {stage.removed.map((removed) => (
                  <li key={removed.name}>
                    <span className="mono">− {removed.name}</span>: {removed.reason}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <h4>Deferred discovery</h4>
      <p>
        {report.deferral.reason}
        {report.deferred.length > 0 && (
          <>
            {' '}
            Announced by name only: <span className="mono">{report.deferred.join(', ')}</span>.
          </>
        )}
      </p>
      <table className="tokens">
        <caption>Schemas sent up front ({tokens.method})</caption>
        <tbody>
          <tr>
            <th scope="row">Without deferral</th>
            <td>~{tokens.withoutDeferral.toLocaleString('en-US')} tokens</td>
          </tr>
          <tr>
            <th scope="row">With deferral</th>
            <td>
              ~{tokens.withDeferral.toLocaleString('en-US')} tokens
              {report.deferral.on && saved > 0 ? ` (saves ~${saved.toLocaleString('en-US')})` : report.deferral.on ? '' : ' (deferral is off)'}
            </td>
          </tr>
          <tr>
            <th scope="row">Deferrable schemas</th>
            <td>~{tokens.deferredSchemas.toLocaleString('en-US')} tokens</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
