import type { PoolReport } from '../../tools/filter';
import type { McpServerReport } from '../../tools/mcp/servers';
import { ManualCallPanel } from './ManualCallPanel';
import { McpServersPanel, ServerTools } from './McpServersPanel';
import './pool.css';

/**
 * The Tools tab: the page's MCP servers (connect one), a form to call any tool by hand, and
 * the last run's pool pipeline (design.md, The pool and deferred discovery): its MCP servers and
 * their state, each stage's kept and removed tools, the deferred ones, the token cost.
 */
export function PoolPanel({ report }: { report: PoolReport | null }) {
  return (
    <>
      <McpServersPanel />
      <ManualCallPanel />
      <PoolReportView report={report} />
    </>
  );
}

function PoolReportView({ report }: { report: PoolReport | null }) {
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
      {report.mcpServers && report.mcpServers.length > 0 && <RunServers servers={report.mcpServers} />}
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

/** The run's MCP servers: how each is reached, its state (and why it failed or was refused), what it is, its tools. */
function RunServers({ servers }: { servers: readonly McpServerReport[] }) {
  return (
    <>
      <h4>MCP servers of this run</h4>
      <ul className="mcp-list">
        {servers.map((server) => (
          <li key={server.name} className="mcp-server" data-testid="pool-mcp-server" data-name={server.name} data-state={server.state}>
            <div className="mcp-server-head">
              <span className="mono">{server.name}</span>
              {server.server && (
                <span className="muted">
                  {' '}
                  {server.server.title ?? server.server.name} {server.server.version}
                </span>
              )}
              <span className={`mcp-state mcp-state--${server.state}`}>{server.state}</span>
            </div>
            <p className="muted mono">
              {server.transport} · {server.target}
              {server.origin === 'host' ? ' · connected from the page' : ''} · timeout {server.timeoutMs / 1000} s
            </p>
            {server.message && <p className="mcp-problem">{server.message}</p>}
            {server.tools.length > 0 && <ServerTools report={server} />}
          </li>
        ))}
      </ul>
    </>
  );
}
