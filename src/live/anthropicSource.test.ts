import { describe, expect, it } from 'vitest';
import type { ConversationMessage, ModelSource, SourceItem } from '../model/loop';
import { createVirtualClock } from '../time/virtualClock';
import { createAnthropicSource, type AnthropicSourceOptions } from './anthropicSource';
import { scriptedFetch, type Script } from '../../test/live/scriptedApi';
import { TEST_API_KEY } from '../../test/live/harness';
import { errorEvent, messageEvents, startEvents, streamReply, type ScriptedReply } from '../../test/live/wire';

const readTool = { name: 'Read', description: 'Reads a file.', input_schema: { type: 'object', properties: { file_path: { type: 'string' } }, required: ['file_path'] } };
const prompt: ConversationMessage[] = [{ role: 'user', content: 'Read a.txt' }];

function source(script: Script, options: Partial<AnthropicSourceOptions> = {}) {
  const fake = scriptedFetch({ script, apiKey: TEST_API_KEY });
  const clock = createVirtualClock();
  const model = createAnthropicSource({
    config: { apiKey: TEST_API_KEY, model: 'claude-test', baseURL: 'https://api.anthropic.test', system: 'Be brief.', maxTokens: 1000 },
    tools: () => ({ tools: [readTool], deferred: [] }),
    clock,
    fetch: fake.fetch,
    retry: { jitter: 0 },
    ...options,
  });
  return { ...fake, clock, model };
}

/** Every item of one turn, and the error that ended it (if one did). */
async function turn(model: ModelSource, clock: ReturnType<typeof createVirtualClock>, messages = prompt, signal = new AbortController().signal) {
  const items: SourceItem[] = [];
  let error: string | undefined;
  await clock.runUntil(
    (async () => {
      try {
        for await (const item of model.openTurn({ index: 0, messages, signal })!) items.push(item);
      } catch (caught: unknown) {
        error = caught instanceof Error ? caught.message : String(caught);
      }
    })(),
  );
  return { items, error, events: items.flatMap((item) => (item.kind === 'event' ? [item.event] : [])) };
}

const textReply = (text: string) => streamReply({ blocks: [{ type: 'text', text, pieces: [text.slice(0, 3), text.slice(3)] }] });
const overloaded = (): ScriptedReply => ({ kind: 'error', status: 529, errorType: 'overloaded_error', message: 'Overloaded' });

describe('createAnthropicSource', () => {
  it('streams a text response as our stream events, dropping ping and the fields we do not model', async () => {
    const { model, clock } = source([textReply('Hello there')]);
    const { events, error } = await turn(model, clock);
    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'message_start', message: { id: 'msg_scripted', role: 'assistant', model: 'claude-scripted' } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hel' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'lo there' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' } },
      { type: 'message_stop' },
    ]);
  });

  it('sends the model, max_tokens, system prompt, tools and the conversation with stream: true', async () => {
    const { model, clock, requests } = source([textReply('ok')]);
    const messages: ConversationMessage[] = [
      ...prompt,
      { role: 'assistant', content: [{ type: 'text', text: '' }, { type: 'tool_use', id: 'toolu_a', name: 'Read', input: { file_path: 'a.txt' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_a', content: 'a', is_error: false }] },
    ];
    await turn(model, clock, messages);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers['authorization']).toBe('[present]');
    expect(requests[0]!.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(requests[0]!.body).toEqual({
      model: 'claude-test',
      max_tokens: 1000,
      system: 'Be brief.',
      tools: [readTool],
      stream: true,
      messages: [
        { role: 'user', content: 'Read a.txt' },
        // The empty text block is left out: the API refuses empty text.
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_a', name: 'Read', input: { file_path: 'a.txt' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_a', content: 'a', is_error: false }] },
      ],
    });
  });

  it('announces deferred tools by name in the system prompt and reads the tools again for each request', async () => {
    let loaded = false;
    const { model, clock, requests } = source([textReply('one'), textReply('two')], {
      tools: () => (loaded ? { tools: [readTool, { ...readTool, name: 'TodoWrite' }], deferred: [] } : { tools: [readTool], deferred: ['TodoWrite'] }),
    });
    await turn(model, clock);
    loaded = true;
    await turn(model, clock);
    const [first, second] = requests.map((request) => request.body as { system: string; tools: { name: string }[] });
    expect(first!.tools.map((tool) => tool.name)).toEqual(['Read']);
    expect(first!.system).toContain('<available-deferred-tools>\nTodoWrite\n</available-deferred-tools>');
    expect(first!.system).toContain('ToolSearch');
    expect(second!.tools.map((tool) => tool.name)).toEqual(['Read', 'TodoWrite']);
    expect(second!.system).toBe('Be brief.');
  });

  it('retries a 429 after the retry-after the API asked for, then backs off exponentially, announcing each retry', async () => {
    const { model, clock, requests } = source([
      { kind: 'error', status: 429, errorType: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit', headers: { 'retry-after': '3' } },
      overloaded(),
      textReply('finally'),
    ]);
    const started = clock.now();
    const { items, error } = await turn(model, clock);
    expect(error).toBeUndefined();
    const notices = items.flatMap((item) => (item.kind === 'notice' ? [item.notice] : []));
    expect(notices).toEqual([
      { kind: 'retry', attempt: 1, delayMs: 3000, message: expect.stringContaining('429 rate_limit_error: Number of requests has exceeded your rate limit; retry 1 of 4 in 3.0 s') as string },
      { kind: 'retry', attempt: 2, delayMs: 1000, message: expect.stringContaining('529 overloaded_error: Overloaded; retry 2 of 4') as string },
    ]);
    expect(requests).toHaveLength(3);
    expect(requests[2]!.body).toEqual(requests[0]!.body);
    // The waits were slept on the clock; the requests themselves took their real (short) time.
    const took = clock.now() - started;
    expect(took).toBeGreaterThanOrEqual(3000 + 1000);
    expect(took / (3000 + 1000)).toBeLessThan(1.1);
    expect(items.at(-1)).toEqual({ kind: 'event', event: { type: 'message_stop' } });
  });

  it('doubles the delay up to the cap, then gives up with a message naming the status and the API error', async () => {
    const { model, clock, requests } = source([overloaded(), overloaded(), overloaded(), overloaded(), overloaded()], { retry: { jitter: 0, baseDelayMs: 400, maxDelayMs: 1000 } });
    const { items, error } = await turn(model, clock);
    const delays = items.flatMap((item) => (item.kind === 'notice' && item.notice.kind === 'retry' ? [item.notice.delayMs] : []));
    expect(delays).toEqual([400, 800, 1000, 1000]);
    expect(requests).toHaveLength(5);
    expect(error).toBe('the API is still overloaded after 4 retries (529 overloaded_error: Overloaded); try again later');
    expect(items.at(-1)).toEqual({ kind: 'notice', notice: { kind: 'error', message: error } });
  });

  it('takes up to the jitter off a computed delay, never off a delay the API asked for', async () => {
    const { model, clock } = source(
      [overloaded(), { kind: 'error', status: 503, errorType: 'api_error', message: 'busy', headers: { 'retry-after-ms': '1500' } }, textReply('ok')],
      { retry: { jitter: 0.5, baseDelayMs: 1000 }, random: () => 0.5 },
    );
    const { items } = await turn(model, clock);
    const delays = items.flatMap((item) => (item.kind === 'notice' && item.notice.kind === 'retry' ? [item.notice.delayMs] : []));
    expect(delays).toEqual([750, 1500]);
  });

  it('does not wait longer than the policy allows when the API asks for it', async () => {
    const { model, clock, requests } = source([{ kind: 'error', status: 429, errorType: 'rate_limit_error', message: 'slow down', headers: { 'retry-after': '600' } }]);
    const { error } = await turn(model, clock);
    expect(requests).toHaveLength(1);
    // No wait at all: only the request's own real time passed.
    expect(clock.now()).toBeLessThan(1000);
    expect(error).toBe('the API asked to wait 600 s before a retry (429 rate_limit_error: slow down), longer than the 60 s this run waits; run again later');
  });

  it('obeys x-should-retry: false, and does not retry a 400', async () => {
    const first = source([{ kind: 'error', status: 500, errorType: 'api_error', message: 'Internal error', headers: { 'x-should-retry': 'false' } }]);
    expect((await turn(first.model, first.clock)).error).toBe('the API refused the request (500 api_error: Internal error)');
    expect(first.requests).toHaveLength(1);
    const second = source([{ kind: 'error', status: 400, errorType: 'invalid_request_error', message: 'max_tokens: Field required' }]);
    expect((await turn(second.model, second.clock)).error).toBe('the API rejected the request (400 invalid_request_error: max_tokens: Field required)');
    expect(second.requests).toHaveLength(1);
  });

  it('retries a connection failure and an overloaded_error event that comes before anything else', async () => {
    let calls = 0;
    const fake = scriptedFetch({ script: [{ kind: 'stream', events: [errorEvent('overloaded_error', 'Overloaded')] }, textReply('ok')], apiKey: TEST_API_KEY });
    const clock = createVirtualClock();
    const model = createAnthropicSource({
      config: { apiKey: TEST_API_KEY, model: 'claude-test', baseURL: 'https://api.anthropic.test' },
      tools: () => ({ tools: [], deferred: [] }),
      clock,
      retry: { jitter: 0 },
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        if (calls++ === 0) throw new TypeError('fetch failed');
        return fake.fetch(input, init);
      },
    });
    const { items, error } = await turn(model, clock);
    expect(error).toBeUndefined();
    const notices = items.flatMap((item) => (item.kind === 'notice' ? [item.notice] : []));
    expect(notices.map((notice) => notice.message)).toEqual([
      expect.stringMatching(/^could not reach the API at https:\/\/api\.anthropic\.test: .*fetch failed; retry 1 of 4/),
      expect.stringMatching(/^overloaded_error: Overloaded; retry 2 of 4/),
    ]);
    expect(items.some((item) => item.kind === 'fallback')).toBe(false);
    expect(fake.requests).toHaveLength(2);
  });

  it('falls back when the stream fails midway, and sends the same request again without streaming', async () => {
    const retried = { blocks: [{ type: 'tool_use' as const, id: 'toolu_retry', name: 'Read', input: { file_path: 'a.txt' } }, { type: 'text' as const, text: 'Reading.' }] };
    const { model, clock, requests } = source([
      { kind: 'stream', events: [...startEvents({ blocks: [] }), ...messageEvents({ blocks: [{ type: 'tool_use', id: 'toolu_lost', name: 'Read', input: { file_path: 'a.txt' } }] }).slice(2, 5), errorEvent('overloaded_error', 'Overloaded')] },
      { kind: 'message', message: retried },
    ]);
    const failed = await turn(model, clock);
    expect(failed.error).toBeUndefined();
    expect(failed.items.slice(-2)).toEqual([
      { kind: 'notice', notice: { kind: 'fallback', message: 'the stream failed after it began (overloaded_error: Overloaded); retrying the request without streaming' } },
      { kind: 'fallback', message: 'the stream failed after it began (overloaded_error: Overloaded); retrying the request without streaming' },
    ]);
    const retry = await turn(model, clock);
    expect(requests.map((request) => request.stream)).toEqual([true, false]);
    const { stream: _stream, ...firstBody } = requests[0]!.body as Record<string, unknown>;
    const { stream: _off, ...secondBody } = requests[1]!.body as Record<string, unknown>;
    expect(secondBody).toEqual(firstBody);
    expect(retry.events).toEqual([
      { type: 'message_start', message: { id: 'msg_scripted', role: 'assistant', model: 'claude-scripted' } },
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_retry', name: 'Read', input: {} } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"file_path":"a.txt"}' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Reading.' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' } },
      { type: 'message_stop' },
    ]);
  });

  it('says so when the retry without streaming fails too', async () => {
    const { model, clock } = source([
      { kind: 'stream', events: [...startEvents({ blocks: [] })], reset: true },
      { kind: 'error', status: 400, errorType: 'invalid_request_error', message: 'prompt is too long' },
    ]);
    const failed = await turn(model, clock);
    expect(failed.items.at(-1)).toEqual({ kind: 'fallback', message: expect.stringContaining('the stream failed after it began (terminated') as string });
    const retry = await turn(model, clock);
    expect(retry.error).toBe('the retry without streaming, after the stream failed, failed too: the API rejected the request (400 invalid_request_error: prompt is too long)');
  });

  it('ends quietly when the signal aborts during a backoff, without sending the request again', async () => {
    const { model, clock, requests } = source([overloaded(), textReply('never')]);
    const controller = new AbortController();
    const run = turn(model, clock, prompt, controller.signal);
    // The first retry's wait is 500 ms; stop halfway through it.
    void clock.sleep(250).then(() => controller.abort());
    const { items, error } = await run;
    expect(error).toBeUndefined();
    expect(items.map((item) => item.kind)).toEqual(['notice']);
    expect(requests).toHaveLength(1);
  });

  it('ends quietly when the signal aborts while the stream arrives', async () => {
    const { model, clock } = source([{ kind: 'stream', events: messageEvents({ blocks: [{ type: 'text', text: 'a long answer', pieces: ['a ', 'long ', 'answer'] }] }, 20) }]);
    const controller = new AbortController();
    const items: SourceItem[] = [];
    await clock.runUntil(
      (async () => {
        for await (const item of model.openTurn({ index: 0, messages: prompt, signal: controller.signal })!) {
          items.push(item);
          if (item.kind === 'event' && item.event.type === 'content_block_delta') controller.abort();
        }
      })(),
    );
    expect(items.filter((item) => item.kind === 'event' && item.event.type === 'content_block_delta')).toHaveLength(1);
    expect(items.some((item) => item.kind !== 'event')).toBe(false);
  });

  it('refuses to start without a key, and never puts the key in a message', async () => {
    expect(() => createAnthropicSource({ config: { apiKey: ' ', model: 'm' }, tools: () => ({ tools: [], deferred: [] }), clock: createVirtualClock() })).toThrow(
      'live model: no API key was given',
    );
    const echo = source([{ kind: 'error', status: 400, errorType: 'invalid_request_error', message: `bad header: Bearer ${TEST_API_KEY}` }]);
    const { error } = await turn(echo.model, echo.clock);
    expect(error).toContain('bad header: Bearer [redacted key]');
    expect(error).not.toContain(TEST_API_KEY);
  });
});
