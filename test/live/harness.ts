import { createVirtualSandbox } from '../../src/sandbox/virtualSandbox';
import { settingsSchema, type ScenarioSettings } from '../../src/scenarios/schema';
import { createVirtualClock, type VirtualClock } from '../../src/time/virtualClock';
import { runLive, type LiveRunResult, type RunLiveOptions } from '../../src/live/runLive';
import { scriptedFetch, type RecordedRequest, type Script } from './scriptedApi';

/** A key that looks real enough to be searched for in everything a run leaves behind. */
export const TEST_API_KEY = 'sk-ant-api03-TESTKEY-do-not-leak-0123456789abcdef';

export interface ScriptedLiveRun extends LiveRunResult {
  requests: RecordedRequest[];
  violations: string[];
  clock: VirtualClock;
}

/** Settings as a scenario would write them, with every default applied. */
export function liveSettings(settings: Record<string, unknown> = {}): ScenarioSettings {
  return settingsSchema.parse(settings);
}

/**
 * Runs `runLive` on a virtual sandbox and a virtual clock against the real SDK, whose `fetch`
 * answers from `script` (and checks every request like the API does). Retries have no jitter.
 */
export async function runScriptedLive(
  script: Script,
  options: Partial<Omit<RunLiveOptions, 'fetch'>> & { workspace?: Record<string, string> } = {},
): Promise<ScriptedLiveRun> {
  const fake = scriptedFetch({ script, apiKey: TEST_API_KEY });
  const clock = createVirtualClock();
  const result = await clock.runUntil(
    runLive({
      config: { apiKey: TEST_API_KEY, model: 'claude-test', baseURL: 'https://api.anthropic.test' },
      prompt: 'Do the task.',
      workspace: {},
      settings: liveSettings({ permissionMode: 'acceptEdits' }),
      sandbox: createVirtualSandbox({}),
      retry: { jitter: 0 },
      ...options,
      clock,
      fetch: fake.fetch,
    }),
  );
  return { ...result, requests: fake.requests, violations: fake.violations, clock };
}

/** The messages a recorded request sent. */
export function messagesOf(request: RecordedRequest | undefined): { role: string; content: unknown }[] {
  const body = request?.body as { messages?: { role: string; content: unknown }[] } | undefined;
  return body?.messages ?? [];
}

/** The tool_result ids of a message's content, in order. */
export function resultIds(message: { content: unknown } | undefined): string[] {
  return Array.isArray(message?.content) ? (message.content as { type: string; tool_use_id?: string }[]).filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id!) : [];
}

/** The tool_use ids of a message's content, in order. */
export function toolUseIds(message: { content: unknown } | undefined): string[] {
  return Array.isArray(message?.content) ? (message.content as { type: string; id?: string }[]).filter((b) => b.type === 'tool_use').map((b) => b.id!) : [];
}
