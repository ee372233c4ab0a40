import type { EventSink, RunEvent } from '../tools/events';
import { buildRecord } from '../run/reduceRun';
import { type RunRecord } from '../run/record';
import { runSession, type SourceContext } from '../run/session';
import type { Sandbox } from '../sandbox/types';
import type { Scenario, ScenarioSettings } from '../scenarios/schema';
import type { Clock } from '../time/clock';
import type { McpHost } from '../tools/mcp/servers';
import type { AnyTool, AskUser, CanUseTool } from '../tools/types';
import { createAnthropicSource, type LiveModelConfig } from './anthropicSource';
import { recordingFromRecord } from './recording';
import { liveToolSet } from './requestBody';
import type { RetryPolicy } from './retryPolicy';
import { redactSecret } from './secrets';

export interface RunLiveOptions {
  config: LiveModelConfig;
  /** The user's request: the first user message. */
  prompt: string;
  /** At most this many turns per agent (fallback turns count). */
  maxTurns?: number;
  /** The files the sandbox starts with. */
  workspace: Record<string, string>;
  settings: ScenarioSettings;
  /** A fresh sandbox. */
  sandbox: Sandbox;
  clock: Clock;
  /** Every event as it happens. */
  onEvent?: EventSink;
  /** The user's Stop. */
  signal?: AbortSignal;
  /** Answers permission asks (the page's prompt); by default the settings' scripted answers. */
  canUseTool?: CanUseTool;
  /** Answers AskUserQuestion (the page's dialog); by default the settings' scripted answers. */
  askUser?: AskUser;
  /** The `fetch` the SDK uses (tests, proxies). */
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** Random numbers for the retry jitter; `Math.random` by default. */
  random?: () => number;
  /** The tools to offer; by default the built-in registry. */
  tools?: readonly AnyTool[];
  /** The recording's title. */
  title?: string;
  /** Where the MCP servers come from (the page lends its connections). */
  mcpHost?: McpHost;
  /** Waited on between slices of a large workspace's files (the page's macrotask hop). */
  pause?: () => Promise<void>;
}

export interface LiveRunResult {
  /** The run record (`scenario: "live"`, `strategy: "streaming"`), expectations unchecked. */
  record: RunRecord;
  /** Every event of the run, in order. */
  events: RunEvent[];
  /** The run as a scenario that replays it and checks its outcomes. */
  recording: Scenario;
}

export const DEFAULT_MAX_TURNS = 8;

/** The system prompt of a live run when the config has none. */
export function defaultSystemPrompt(root: string): string {
  return [
    'You are a coding agent working in a small sandboxed project whose root is ' + root + '.',
    'Use the tools to look at and change its files; paths may be relative to the root.',
    'Independent tool calls can go in one response: read-only ones run in parallel, and each starts as soon as its block is complete.',
    'When the task is done, answer with a short summary and no tool call.',
  ].join('\n');
}

/**
 * Runs the agent against a live model: the same session as a scenario replay (workspace,
 * MCP servers, pool, sub-agents, the streaming executor, the final files), with the model's turns
 * coming from the Messages API. Each sub-agent gets its own live conversation, started by its
 * Agent call's prompt. Returns the record, the event log and a recording of the run as a scenario.
 * The API key reaches the SDK only: the record, the events and the recording never hold it.
 */
export async function runLive(options: RunLiveOptions): Promise<LiveRunResult> {
  const { config, clock } = options;
  const events: RunEvent[] = [];
  const key = config.apiKey;
  const liveConfig: LiveModelConfig = { ...config, system: config.system ?? defaultSystemPrompt(options.sandbox.root) };
  const sourceFor = ({ pool }: SourceContext) =>
    createAnthropicSource({
      config: liveConfig,
      tools: () => liveToolSet(pool),
      clock,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.random ? { random: options.random } : {}),
    });
  await runSession({
    name: 'live',
    workspace: options.workspace,
    settings: options.settings,
    sandbox: options.sandbox,
    strategy: 'streaming',
    clock,
    onEvent: (event) => {
      const safe = withoutSecret(event, key);
      events.push(safe);
      options.onEvent?.(safe);
    },
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.canUseTool ? { canUseTool: options.canUseTool } : {}),
    ...(options.askUser ? { askUser: options.askUser } : {}),
    ...(options.tools ? { tools: options.tools } : {}),
    ...(options.mcpHost ? { mcpHost: options.mcpHost } : {}),
    ...(options.pause ? { pause: options.pause } : {}),
    source: sourceFor,
    subAgentSource: (_request, context) => sourceFor(context),
    prompt: options.prompt,
    maxTurns: options.maxTurns ?? DEFAULT_MAX_TURNS,
  });
  // The record folded from the redacted events, so that it holds exactly what they say.
  const record = buildRecord(events);
  const recording = recordingFromRecord(record, {
    workspace: options.workspace,
    settings: options.settings,
    prompt: redactSecret(options.prompt, key),
    model: config.model,
    ...(options.title !== undefined ? { title: options.title } : {}),
  });
  return { record, events, recording };
}

/**
 * The event with the key taken out of the messages that carry text from outside (a setup error,
 * a stream's end): the source redacts its own, this catches any other path.
 */
function withoutSecret(event: RunEvent, key: string): RunEvent {
  switch (event.type) {
    case 'stream_ended':
      return event.message !== undefined ? { ...event, message: redactSecret(event.message, key) } : event;
    case 'model_notice':
      return { ...event, message: redactSecret(event.message, key) };
    case 'run_ended':
      return event.error !== undefined ? { ...event, error: redactSecret(event.error, key) } : event;
    default:
      return event;
  }
}
