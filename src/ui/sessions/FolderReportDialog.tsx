import { useModalDialog } from '../app/useModalDialog';
import { agentAndVersion } from '../../scenarios/import/sessionAgents';
import { usePlayground } from '../store';
import { closeFolderReport } from './folderDrop';
import { secondsText } from '../../run/timeText';

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** A bar as wide as its share of the largest value. */
function Bar({ value, max }: { value: number; max: number }) {
  return <span className="folder-bar" style={{ width: `${Math.max(0.1, (6 * value) / Math.max(1, max)).toFixed(2)}rem` }} />;
}

/**
 * The report across a dropped folder of sessions, as `npm run replay -- FOLDER` prints it: sessions
 * per agent, the tools' time as they ran and under each preset, the slowest tools, what calls
 * waited for, and the logs that could not be read.
 */
export function FolderReportDialog() {
  const state = usePlayground((s) => s.folderReport);
  const dialog = useModalDialog(state !== null);
  const report = state?.report ?? null;
  const maxTool = report ? Math.max(report.realToolMs, ...report.presets.map((preset) => preset.toolMs)) : 0;
  return (
    <dialog ref={dialog} className="folder-report" data-testid="folder-report" data-status={state?.running ? 'running' : 'done'} aria-labelledby="folder-report-title" onCancel={() => closeFolderReport()}>
      {state && (
        <div>
          <h2 id="folder-report-title">
            {count(state.total, 'session')}{state.running ? ` · replaying ${state.done} of ${state.total}…` : ''}
          </h2>
          <p className="muted">Each replayed in this page with recorded effects under every preset: nothing runs, is stored or sent.</p>
          {report && (
            <>
              <table>
                <tbody>
                  {report.agents.map((agent) => (
                    <tr key={`${agent.agent} ${agent.version}`}>
                      <th scope="row">{agentAndVersion(agent)}</th>
                      <td>{count(agent.sessions, 'session')}</td>
                      <td>{count(agent.calls, 'call')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <h3>Tool time, as they ran and under each preset</h3>
              <div className="folder-scroll">
              <table className="folder-presets">
                <thead>
                  <tr>
                    <th scope="col">run</th>
                    <th scope="col">tool time</th>
                    <th scope="col">per session (median)</th>
                    <th scope="col">cancelled</th>
                    <th scope="col">passing an earlier one</th>
                  </tr>
                </thead>
                <tbody>
                  <tr className="as-ran">
                    <th scope="row">as they ran</th>
                    <td>
                      <Bar value={report.realToolMs} max={maxTool} /> {secondsText(report.realToolMs)}
                    </td>
                    <td>1.00×</td>
                    <td>{report.realCancelled}</td>
                    <td>{report.realPassing}</td>
                  </tr>
                  {report.presets.map((preset) => (
                    <tr key={preset.policy}>
                      <th scope="row">{preset.policy}</th>
                      <td>
                        <Bar value={preset.toolMs} max={maxTool} /> {secondsText(preset.toolMs)}
                      </td>
                      <td>{preset.perSession ? `${preset.perSession.median.toFixed(2)}×` : '—'}</td>
                      <td>{preset.cancelled}</td>
                      <td>{preset.passing}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              </div>
              <h3>The slowest tools, as they ran</h3>
              <ul className="folder-list">
                {report.slowestTools.map((tool) => (
                  <li key={tool.name}>
                    <span className="mono">{tool.name}</span> {secondsText(tool.ms)} in {count(tool.calls, 'call')}, longest {secondsText(tool.maxMs)}
                  </li>
                ))}
              </ul>
              {report.waits.length > 0 && (
                <>
                  <h3>What calls waited for</h3>
                  <ul className="folder-list">
                    {report.waits.map((wait) => (
                      <li key={wait.cause}>
                        {wait.cause}: {secondsText(wait.ms)}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {report.unreadable.length > 0 && (
                <>
                  <h3>Logs that could not be read</h3>
                  <ul className="folder-list" data-testid="folder-unreadable">
                    {report.unreadable.map((each) => (
                      <li key={each.file}>
                        <span className="mono">{each.file}</span>: {each.why}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
          <div className="buttons">
            <button type="button" className="primary" autoFocus onClick={() => closeFolderReport()}>
              Close
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
