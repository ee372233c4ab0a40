import type { ScenarioInput } from '../../src/scenarios/schema';
import type { McpServerSetting } from '../../src/tools/mcp/settings';

/** The tool_use ids of {@link everythingScenario}: two read-only calls, then one that is not. */
export const EVERYTHING_CALLS = { echo: 'toolu_echo', sum: 'toolu_sum', logging: 'toolu_logging' } as const;

/**
 * A scenario that calls three tools of server-everything, connected as `everything` through
 * `server` (a URL or a stdio command): `echo` and `get-sum` (readOnlyHint: they run together),
 * then `toggle-simulated-logging` (not read-only: it runs alone, and asks in default mode; the
 * scripted answer allows it). Its expectations say so.
 */
export function everythingScenario(server: McpServerSetting, id = 'everything-calls'): ScenarioInput {
  const { echo, sum, logging } = EVERYTHING_CALLS;
  return {
    id,
    title: 'Three calls to server-everything',
    description: 'Two read-only tools run together, the third runs alone.',
    settings: { mcpServers: [server], answers: { [logging]: 'allow' } },
    turns: [
      {
        stream: [
          // Its 30 ms of simulated latency keep it in flight when get-sum's block closes (at 30 ms):
          // that the two overlap is in the script, not in how fast the server answers echo.
          { type: 'tool_use', id: echo, name: 'mcp__everything__echo', input: { message: 'hello' }, at: 0, durationMs: 20, latencyMs: 30 },
          { type: 'tool_use', id: sum, name: 'mcp__everything__get-sum', input: { a: 2, b: 3 }, at: 10, durationMs: 20 },
          { type: 'tool_use', id: logging, name: 'mcp__everything__toggle-simulated-logging', input: {}, at: 20, durationMs: 20 },
        ],
        expect: {
          batches: [[echo, sum], [logging]],
          outcomes: { [echo]: 'success', [sum]: 'success', [logging]: 'success' },
          resultIncludes: { [echo]: 'Echo: hello', [sum]: 'The sum of 2 and 3 is 5.', [logging]: 'simulated' },
        },
      },
      { stream: [{ type: 'text', text: 'Done.', at: 0, durationMs: 10 }] },
    ],
  };
}
