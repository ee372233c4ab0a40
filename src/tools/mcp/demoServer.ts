import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { createRealClock, type Clock } from '../../time/clock';
import { DEMO_SERVER_NAME } from './settings';

export { DEMO_SERVER_NAME };

/** `slow_echo` waits at most this long, so a demo never hangs for long. */
export const MAX_SLOW_ECHO_DELAY_MS = 5000;

const README = `# The demo MCP server

It ships with the playground to show how MCP tools join the tool system:

- get_weather and lookup_issue are read-only (readOnlyHint), so they run in parallel and in plan mode.
- create_issue changes the tracker: it runs alone and asks in default mode.
- slow_echo waits before it answers: start several to see them overlap, or interrupt one.

Resources: demo://docs/readme (this text) and demo://issues (the tracker as JSON).
`;

interface Forecast {
  condition: string;
  temperatureC: number;
  humidityPercent: number;
}

const FORECASTS: Readonly<Record<string, Forecast>> = {
  berlin: { condition: 'overcast', temperatureC: 14, humidityPercent: 72 },
  cairo: { condition: 'sunny', temperatureC: 31, humidityPercent: 20 },
  lima: { condition: 'misty', temperatureC: 18, humidityPercent: 85 },
  oslo: { condition: 'light snow', temperatureC: -3, humidityPercent: 90 },
  tokyo: { condition: 'light rain', temperatureC: 21, humidityPercent: 78 },
};

/** One entry of the demo tracker. */
export interface DemoIssue {
  id: number;
  title: string;
  body: string;
  status: 'open' | 'closed';
}

function seedIssues(): DemoIssue[] {
  return [
    { id: 1, title: 'Grep misses files in dot folders', body: 'Searching **/*.ts skips .config/.', status: 'open' },
    { id: 2, title: 'Edit fails on CRLF files', body: 'old_string with \\n does not match \\r\\n.', status: 'closed' },
  ];
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const errorText = (value: string) => ({ ...text(value), isError: true });

/** What {@link createDemoServer} may be given: the clock `slow_echo` waits on (default: real time). */
export interface DemoServerOptions {
  clock?: Clock;
}

/**
 * Builds the demo MCP server: weather from a fixed table, a small issue tracker, a slow echo for
 * concurrency and interrupts, and two resources. Every call builds a server with its own tracker.
 */
export function createDemoServer(options: DemoServerOptions = {}): McpServer {
  const clock = options.clock ?? createRealClock();
  const issues = seedIssues();
  const server = new McpServer(
    { name: DEMO_SERVER_NAME, version: '1.0.0' },
    { instructions: 'A demo server with fake weather, a small issue tracker and a slow echo.' },
  );

  server.registerTool(
    'get_weather',
    {
      title: 'Get weather',
      description: `Returns today's (made-up) weather for a city. Known cities: ${Object.keys(FORECASTS).join(', ')}.`,
      inputSchema: z.strictObject({ city: z.string().describe('The city, e.g. "Oslo"') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ city }) => {
      const forecast = FORECASTS[city.trim().toLowerCase()];
      if (!forecast) return errorText(`No weather for "${city}". Known cities: ${Object.keys(FORECASTS).join(', ')}.`);
      return text(`${city}: ${forecast.condition}, ${forecast.temperatureC} °C, humidity ${forecast.humidityPercent}%`);
    },
  );

  server.registerTool(
    'lookup_issue',
    {
      title: 'Look up issue',
      description: 'Returns one issue of the demo tracker by its number.',
      inputSchema: z.strictObject({ id: z.number().int().positive().describe('The issue number') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) => {
      const issue = issues.find((candidate) => candidate.id === id);
      if (!issue) return errorText(`Issue #${id} does not exist; the tracker has #1 to #${issues.length}.`);
      return text(`#${issue.id} [${issue.status}] ${issue.title}\n\n${issue.body}`);
    },
  );

  server.registerTool(
    'create_issue',
    {
      title: 'Create issue',
      description: 'Adds an open issue to the demo tracker and returns its number.',
      inputSchema: z.strictObject({
        title: z.string().min(1).describe('A one-line summary'),
        body: z.string().describe('The details'),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ title, body }) => {
      const issue: DemoIssue = { id: issues.length + 1, title, body, status: 'open' };
      issues.push(issue);
      return text(`Created issue #${issue.id}: ${issue.title}`);
    },
  );

  server.registerTool(
    'slow_echo',
    {
      title: 'Slow echo',
      description: `Waits delayMs milliseconds (at most ${MAX_SLOW_ECHO_DELAY_MS}), then returns the text unchanged.`,
      inputSchema: z.strictObject({
        text: z.string().describe('The text to return'),
        delayMs: z.number().int().min(0).max(MAX_SLOW_ECHO_DELAY_MS).describe('How long to wait first, in milliseconds'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input, extra) => {
      // The request's signal aborts when the client cancels, which clears the timer.
      await clock.sleep(input.delayMs, extra.signal);
      return text(input.text);
    },
  );

  server.registerResource(
    'readme',
    'demo://docs/readme',
    { title: 'About the demo server', description: 'What the demo server offers and why', mimeType: 'text/markdown' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: README }] }),
  );

  server.registerResource(
    'issues',
    'demo://issues',
    { title: 'Issue tracker', description: 'Every issue of the demo tracker', mimeType: 'application/json' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(issues, null, 2) }] }),
  );

  return server;
}
