import type { Strategy } from '../run/events';
import type { PolicyName } from '../scenarios/policies';
import type { CliSandboxKind } from './sandboxes';

/** What `--format` may ask for. */
export const FORMATS = ['json', 'timeline', 'chrome-trace', 'otlp', 'summary', 'html'] as const;
export type Format = (typeof FORMATS)[number];

/** The file name ending of each format, for a folder of outputs. */
export const FORMAT_SUFFIX: Record<Format, string> = {
  json: '.record.json',
  timeline: '.timeline.txt',
  'chrome-trace': '.trace.json',
  otlp: '.otlp.json',
  summary: '.summary.txt',
  html: '.report.html',
};

/** How to replay: the same for every scenario of a command. */
export interface ReplayOptions {
  sandbox: CliSandboxKind;
  /** The strategy; by default each scenario's policy's own. */
  strategy?: Strategy;
  /** A policy preset to run every scenario under, instead of its own. */
  policy?: PolicyName;
  format: Format;
  realtime: boolean;
  /** OTLP: put the calls' arguments and results in the trace. */
  includeContent: boolean;
}

