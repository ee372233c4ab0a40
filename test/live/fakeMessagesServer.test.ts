import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../../src/sandbox/virtualSandbox';
import { createRealClock } from '../../src/time/clock';
import { runLive } from '../../src/live/runLive';
import { startFakeMessagesServer, type FakeMessagesServer } from './fakeMessagesServer';
import { liveSettings, messagesOf, resultIds, TEST_API_KEY } from './harness';
import { conversationFixture, fallbackFixture } from './scripts';
import { messageEvents, streamReply } from './wire';

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('startFakeMessagesServer', () => {
  it('serves a scripted conversation to the real SDK over loopback HTTP, with no violation', async () => {
    const fixture = conversationFixture(5);
    server = await startFakeMessagesServer({ script: fixture.replies, apiKey: TEST_API_KEY });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { record } = await runLive({
      config: { apiKey: TEST_API_KEY, model: 'claude-test', baseURL: server.url },
      prompt: fixture.prompt,
      workspace: fixture.workspace,
      settings: liveSettings(fixture.settings),
      sandbox: createVirtualSandbox({}),
      clock: createRealClock(),
    });
    expect(server.violations).toEqual([]);
    expect(record.error).toBeUndefined();
    expect(record.files['src/greet.ts']).toBe(fixture.expectedFiles['src/greet.ts']);
    expect(server.requests).toHaveLength(2);
    expect(resultIds(messagesOf(server.requests[1]).at(-1))).toEqual(fixture.toolUseIds);
    expect(JSON.stringify(server.requests)).not.toContain(TEST_API_KEY);
  });

  it('answers the fallback fixture: a broken stream, a JSON retry, and the end', async () => {
    const fixture = fallbackFixture(5);
    server = await startFakeMessagesServer({ script: fixture.replies });
    const { record } = await runLive({
      config: { apiKey: TEST_API_KEY, model: 'claude-test', baseURL: server.url },
      prompt: fixture.prompt,
      workspace: fixture.workspace,
      settings: liveSettings(fixture.settings),
      sandbox: createVirtualSandbox({}),
      clock: createRealClock(),
      retry: { jitter: 0 },
    });
    expect(server.violations).toEqual([]);
    expect(record.turns.map((turn) => turn.streamEndReason)).toEqual(['fallback', 'end', 'end']);
    expect(server.requests.map((request) => request.stream)).toEqual([true, false, true]);
    expect(resultIds(messagesOf(server.requests[2]).at(-1))).toEqual(fixture.toolUseIds);
  });

  it('breaks the connection midway when the script resets it, which the run takes as a streaming fallback', async () => {
    const fixture = fallbackFixture();
    const cut = { kind: 'stream' as const, events: messageEvents({ blocks: [{ type: 'text', text: 'Looking…' }] }).slice(0, 5), reset: true };
    server = await startFakeMessagesServer({ script: [cut, ...fixture.replies.slice(1)] });
    const { record } = await runLive({
      config: { apiKey: TEST_API_KEY, model: 'claude-test', baseURL: server.url },
      prompt: fixture.prompt,
      workspace: fixture.workspace,
      settings: liveSettings(fixture.settings),
      sandbox: createVirtualSandbox({}),
      clock: createRealClock(),
    });
    expect(server.violations).toEqual([]);
    expect(record.turns[0]!.streamEndReason).toBe('fallback');
    expect(record.turns[0]!.streamEndMessage).toMatch(/^the stream failed after it began/);
    expect(record.turns.map((turn) => turn.streamEndReason)).toEqual(['fallback', 'end', 'end']);
  });

  it('refuses a request that leaves a tool_use without its result, and collects the violation', async () => {
    server = await startFakeMessagesServer({ script: [streamReply({ blocks: [{ type: 'text', text: 'unused' }] })] });
    const client = new Anthropic({ apiKey: TEST_API_KEY, baseURL: server.url, maxRetries: 0, logLevel: 'off' });
    const request = client.messages.create({
      model: 'claude-test',
      max_tokens: 10,
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'toolu_a', name: 'Read', input: {} },
            { type: 'tool_use', id: 'toolu_b', name: 'Read', input: {} },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_a', content: 'a' }] },
      ],
    });
    await expect(request).rejects.toMatchObject({ status: 400, type: 'invalid_request_error' });
    expect(server.violations).toEqual(['request 1: messages[2]: no tool_result for tool_use toolu_b (Read) of messages[1]']);
  });

  it('answers a non-streaming request with JSON, and a wrong key with the API\'s 401', async () => {
    server = await startFakeMessagesServer({ script: [{ kind: 'message', message: { blocks: [{ type: 'text', text: 'whole' }] } }], apiKey: TEST_API_KEY });
    const client = new Anthropic({ apiKey: TEST_API_KEY, baseURL: server.url, maxRetries: 0, logLevel: 'off' });
    const message = await client.messages.create({ model: 'claude-test', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] });
    expect(message.content).toEqual([{ type: 'text', text: 'whole' }]);
    const wrong = new Anthropic({ apiKey: 'sk-ant-wrong-000000', baseURL: server.url, maxRetries: 0, logLevel: 'off' });
    await expect(wrong.messages.create({ model: 'claude-test', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({
      status: 401,
      type: 'authentication_error',
    });
  });

  it('allows cross-origin calls: answers the preflight and marks responses for cross-origin pages', async () => {
    server = await startFakeMessagesServer({ script: [] });
    const preflight = await fetch(`${server.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, x-stainless-os, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = preflight.headers.get('access-control-allow-headers')!.split(', ');
    for (const name of ['x-api-key', 'authorization', 'anthropic-version', 'anthropic-dangerous-direct-browser-access', 'content-type', 'x-stainless-os']) {
      expect(allowed).toContain(name);
    }
    const missing = await fetch(`${server.url}/v1/other`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
  });
});
