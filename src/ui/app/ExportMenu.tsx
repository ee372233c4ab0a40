import { useState } from 'react';
import type { RunRecord } from '../../run/record';
import { exportChromeTrace, exportHtml, exportOtlp, exportPng, exportRecord, exportSvg } from './exports';

/** The run's exports: the record, a Chrome Trace for Perfetto, OpenTelemetry traces, and the timeline as a picture. */
export function ExportMenu({ record }: { record: RunRecord }) {
  const disabled = record.status !== 'ended';
  const [withContent, setWithContent] = useState(false);
  return (
    <details className="export-menu">
      <summary aria-disabled={disabled}>Export</summary>
      <div className="export-items" role="menu">
        <button type="button" role="menuitem" disabled={disabled} onClick={() => exportRecord(record)} data-testid="export-record">
          Run record (JSON)
        </button>
        <button type="button" role="menuitem" disabled={disabled} onClick={() => exportChromeTrace(record)} data-testid="export-trace">
          Chrome Trace (JSON)
        </button>
        <p className="muted">The trace opens in Perfetto (ui.perfetto.dev) or chrome://tracing.</p>
        <button type="button" role="menuitem" disabled={disabled} onClick={() => exportOtlp(record, withContent)} data-testid="export-otlp">
          OpenTelemetry (OTLP JSON)
        </button>
        <label className="muted">
          <input type="checkbox" checked={withContent} onChange={(event) => setWithContent(event.target.checked)} data-testid="export-otlp-content" /> with the calls’
          arguments and results
        </label>
        <p className="muted">Opens in Jaeger (Search → JSON File).</p>
        <button type="button" role="menuitem" disabled={disabled} onClick={() => exportSvg(record)} data-testid="export-svg">
          Timeline (SVG)
        </button>
        <button type="button" role="menuitem" disabled={disabled} onClick={() => void exportPng(record)} data-testid="export-png">
          Timeline (PNG)
        </button>
        <button type="button" role="menuitem" disabled={disabled} onClick={() => exportHtml(record)} data-testid="export-html">
          Report (one HTML file)
        </button>
        <p className="muted">To attach to an issue or a pull request: no script, nothing fetched.</p>
      </div>
    </details>
  );
}
