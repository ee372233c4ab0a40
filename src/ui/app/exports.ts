import { toChromeTrace } from '../../run/chromeTrace';
import { toOtlp } from '../../run/otlp';
import type { RunRecord } from '../../run/record';
import { download } from '../download';
import { recordToSvg } from './recordSvg';

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

export function exportSvg(record: RunRecord): void {
  download(`${base(record)}.timeline.svg`, recordToSvg(record, { title: `${record.scenario} · ${record.strategy}` }), 'image/svg+xml');
}

/** The SVG drawn onto a canvas at 2× and saved as PNG. */
export async function exportPng(record: RunRecord): Promise<void> {
  const svg = recordToSvg(record, { title: `${record.scenario} · ${record.strategy}` });
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
