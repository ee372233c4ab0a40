import { toChromeTrace } from '../../run/chromeTrace';
import { toOtlp } from '../../run/otlp';
import type { RunRecord } from '../../run/record';
import { download } from '../download';
import { causeLinks } from '../../run/causeLinks';
import { htmlReport } from '../../run/report/htmlReport';
import { svgTimeline } from '../../run/report/svgTimeline';

const base = (record: RunRecord) => `${record.scenario || 'run'}.${record.strategy}`;

export function exportRecord(record: RunRecord): void {
  download(`${base(record)}.record.json`, `${JSON.stringify(record, null, 2)}\n`);
}

/** The Chrome Trace Event file: it opens in Perfetto (ui.perfetto.dev) or chrome://tracing. */
export function exportChromeTrace(record: RunRecord): void {
  download(`${base(record)}.trace.json`, JSON.stringify(toChromeTrace(record)));
}

/** OpenTelemetry traces (OTLP/JSON): they open in Jaeger's JSON File upload. Arguments and results only when asked. */
export function exportOtlp(record: RunRecord, includeContent: boolean): void {
  download(`${base(record)}.otlp.json`, JSON.stringify(toOtlp(record, { includeContent })));
}

/** The timeline as a picture: the stream, each call's phases and outcome, and the causes, as the page draws them. */
function timelinePicture(record: RunRecord): string {
  return svgTimeline(record, causeLinks(record), { title: `${record.scenario} · ${record.strategy}` });
}

export function exportSvg(record: RunRecord): void {
  download(`${base(record)}.timeline.svg`, timelinePicture(record), 'image/svg+xml');
}

/** One self-contained HTML file: the timeline with its causes, the facts, every call (no script, nothing fetched). */
export function exportHtml(record: RunRecord): void {
  download(`${base(record)}.report.html`, htmlReport(record), 'text/html');
}

/** The SVG drawn onto a canvas at 2× and saved as PNG. */
export async function exportPng(record: RunRecord): Promise<void> {
  const svg = timelinePicture(record);
  const image = new Image();
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the timeline picture could not be drawn'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = image.width * 2;
    canvas.height = image.height * 2;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('this browser cannot draw on a canvas');
    context.scale(2, 2);
    context.drawImage(image, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('the PNG could not be encoded');
    download(`${base(record)}.timeline.png`, blob);
  } finally {
    URL.revokeObjectURL(url);
  }
}
