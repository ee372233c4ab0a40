import type { Strategy } from '../tools/events';
import { POLICY_NAMES, type PolicyName } from '../scenarios/policies';
import type { Effects } from '../run/effects';

/** The first argument of a replay worker thread (see `workerPool.ts`); on the main thread, an unknown option. */
export const REPLAY_WORKER = '--replay-worker';

/** The sandboxes the command line can run on. */
export const SANDBOX_KINDS = ['virtual', 'node'] as const;
export type CliSandboxKind = (typeof SANDBOX_KINDS)[number];

/** What `--format` may ask for. */
export const FORMATS = ['json', 'timeline', 'chrome-trace', 'otlp', 'summary', 'text', 'html', 'fidelity'] as const;
export type Format = (typeof FORMATS)[number];

/** The file name ending of each format, for a folder of outputs. */
export const FORMAT_SUFFIX: Record<Format, string> = {
  json: '.record.json',
  timeline: '.timeline.txt',
  'chrome-trace': '.trace.json',
  otlp: '.otlp.json',
  summary: '.summary.txt',
  html: '.report.html',
  text: '.summary.txt',
  fidelity: '.fidelity.json',
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
  /** An imported session: replay its calls' recorded effects (the default) or run them again here. */
  effects?: Effects;
  /** Under `rerun`: let WebFetch, WebSearch and MCP calls go out (without it they keep their recorded results). */
  network?: boolean;
  /**
   * A folder's session (`npm run replay -- FOLDER` of logs): the output is the session's figures
   * (`SessionStats`, as JSON) for the folder's report, not a record.
   */
  sessionStats?: boolean;
  /**
   * Files read with a session log, as its own: the rollouts of a Codex session's sub-agents that a
   * folder's search found beside it (scenarios/import/codex/threadGroups.ts).
   */
  companions?: readonly string[];
}


/** `--compare`'s value: preset names separated by commas, or `all`. A string is what is wrong with it. */
export function parsePolicyList(value: string): PolicyName[] | string {
  if (value === 'all') return [...POLICY_NAMES];
  const names = value.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.filter((name) => !POLICY_NAMES.includes(name as PolicyName));
  if (unknown.length > 0) return `--compare names no such policy: ${unknown.join(', ')} (the presets: ${POLICY_NAMES.join(', ')}, or all)`;
  if (names.length === 0) return '--compare needs at least one policy';
  return names as PolicyName[];
}
