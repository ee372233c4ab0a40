import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../tools/events';
import type { CallRecord, RunRecord, TurnRecord } from '../run/record';
import { runScenario } from '../run/runScenario';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { validateScenario } from '../scenarios/validate';
import { createVirtualClock } from '../time/virtualClock';
import { liveSettings, messagesOf, resultIds, runScriptedLive, TEST_API_KEY, toolUseIds, type ScriptedLiveRun } from '../../test/live/harness';
import type { RecordedRequest } from '../../test/live/scriptedApi';
import { conversationFixture, fallbackFixture } from '../../test/live/scripts';
import { blockEvents, errorEvent, startEvents, streamReply, type ScriptBlock, type ScriptedReply } from '../../test/live/wire';

/** Where the first event matching `match` is in the log (fails the test when there is none). */
function indexOf(events: readonly RunEvent[], match: (event: RunEvent) => boolean, what: string): number {
  const index = events.findIndex(match);
  if (index < 0) throw new Error(`no ${what} in the event log`);
  return index;
}

function callsOf(turn: TurnRecord | undefined): CallRecord[] {
  return [...(turn?.calls ?? [])];
}

/** Every call's outcome, sub-agents' included. */
function outcomesOf(turns: readonly TurnRecord[]): Record<string, string | null> {
  const outcomes: Record<string, string | null> = {};
  for (const turn of turns) {
    for (const call of turn.calls) {
      outcomes[call.id] = call.outcome;
      Object.assign(outcomes, outcomesOf(call.children ?? []));
    }
  }
  return outcomes;
}

/** The key appears nowhere a run leaves something behind. */
function expectNoKey(run: ScriptedLiveRun, key = TEST_API_KEY): void {
  for (const [what, value] of Object.entries({ record: run.record, events: run.events, recording: run.recording, requests: run.requests })) {
    expect(JSON.stringify(value), what).not.toContain(key);
  }
}

/** Replays the run's recording on the virtual sandbox and checks it ends as the live run did. */
async function expectReplaysTheSame(run: ScriptedLiveRun): Promise<RunRecord> {
  const validated = validateScenario(JSON.parse(JSON.stringify(run.recording)) as unknown);
  if (!validated.ok) throw new Error(`the recording is invalid: ${JSON.stringify(validated.errors)}`);
  const clock = createVirtualClock();
  const replay = await clock.runUntil(runScenario({ scenario: validated.scenario, sandbox: createVirtualSandbox({}), strategy: 'streaming', clock }));
  expect(replay.expectations?.failures).toEqual([]);
  expect(replay.expectations?.passed).toBe(true);
  expect(outcomesOf(replay.turns)).toEqual(outcomesOf(run.record.turns));
  expect(replay.turns.map((turn) => turn.batches.map((batch) => batch.toolUseIds))).toEqual(run.record.turns.map((turn) => turn.batches.map((batch) => batch.toolUseIds)));
  expect(replay.files).toEqual(run.record.files);
  return replay;
}

const bodyWithoutStream = (request: RecordedRequest | undefined) => {
  const { stream: _stream, ...rest } = request!.body as Record<string, unknown>;
  return rest;
};

describe('runLive', () => {
  it('streams a turn of text and tool calls, starts the first tool before the stream ends, and answers every tool_use', async () => {
    const fixture = conversationFixture(25);
    const run = await runScriptedLive(fixture.replies, { prompt: fixture.prompt, workspace: fixture.workspace });
    expect(run.violations).toEqual([]);
    expect(run.record.error).toBeUndefined();
    expect(run.record).toMatchObject({ scenario: 'live', strategy: 'streaming', sandbox: 'virtual', status: 'ended' });

    // The first tool ran while the rest of the response was still arriving.
    const readStarted = indexOf(run.events, (e) => e.type === 'call_started' && e.id === 'toolu_live_read', 'call_started of the Read');
    const readDone = indexOf(run.events, (e) => e.type === 'call_completed' && e.id === 'toolu_live_read', 'call_completed of the Read');
    const editArrives = indexOf(run.events, (e) => e.type === 'block_started' && e.id === 'toolu_live_edit', 'the Edit block');
    const streamEnd = indexOf(run.events, (e) => e.type === 'stream_ended' && e.turn === 0, 'the end of the first stream');
    expect(readStarted).toBeLessThan(readDone);
    expect(readDone).toBeLessThan(editArrives);
    expect(editArrives).toBeLessThan(streamEnd);

    const [turn0, turn1] = run.record.turns;
    expect(turn0!.batches.map((batch) => batch.toolUseIds)).toEqual([['toolu_live_read', 'toolu_live_glob'], ['toolu_live_edit']]);
    expect(callsOf(turn0).map((call) => [call.id, call.outcome])).toEqual(fixture.toolUseIds.map((id) => [id, 'success']));
    expect(callsOf(turn0).find((call) => call.id === 'toolu_live_edit')!.input).toEqual({
      file_path: 'src/greet.ts',
      old_string: "return 'Hello, ' + name;",
      new_string: 'return `Hello, ${name}!`;',
    });
    expect(turn1!.blocks.map((block) => block.text)).toEqual(['Done: greet() now uses a template string and ends with "!".']);
    expect(run.record.files['src/greet.ts']).toBe(fixture.expectedFiles['src/greet.ts']);

    // The second request sends the assistant's blocks back and a result for each tool_use, in order.
    expect(run.requests).toHaveLength(2);
    const messages = messagesOf(run.requests[1]);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(toolUseIds(messages[1])).toEqual(fixture.toolUseIds);
    expect(resultIds(messages[2])).toEqual(fixture.toolUseIds);
    expect((messages[2]!.content as { is_error: boolean }[]).map((result) => result.is_error)).toEqual([false, false, false]);
    expectNoKey(run);
  });

  it('stops at maxTurns when the model keeps asking for tools, each request answering the one before', async () => {
    const script = (_request: RecordedRequest, index: number): ScriptedReply =>
      streamReply({ blocks: [{ type: 'tool_use', id: `toolu_loop_${index}`, name: 'Read', input: { file_path: 'a.txt' } }] });
    const run = await runScriptedLive(script, { workspace: { 'a.txt': 'a\n' }, maxTurns: 3 });
    expect(run.requests).toHaveLength(3);
    expect(run.record.turns).toHaveLength(3);
    expect(run.violations).toEqual([]);
    run.requests.slice(1).forEach((request, i) => expect(resultIds(messagesOf(request).at(-1))).toEqual([`toolu_loop_${i}`]));
  });

  it('ends the run with a clear message when the key is refused, and leaves the key nowhere', async () => {
    const wrongKey = 'sk-ant-api03-WRONG-key-0000000000000000';
    const run = await runScriptedLive([streamReply({ blocks: [{ type: 'text', text: 'never' }] })], {
      config: { apiKey: wrongKey, model: 'claude-test', baseURL: 'https://api.anthropic.test' },
    });
    expect(run.requests).toHaveLength(1);
    expect(run.record.status).toBe('ended');
    expect(run.record.turns).toHaveLength(1);
    expect(run.record.turns[0]!.streamEndReason).toBe('error');
    expect(run.record.turns[0]!.streamEndMessage).toBe('the API key was refused (401 authentication_error: invalid x-api-key)');
    expect(run.record.turns[0]!.notices).toEqual([{ at: expect.any(Number) as number, kind: 'error', message: 'the API key was refused (401 authentication_error: invalid x-api-key)' }]);
    expect(run.recording.turns).toHaveLength(1);
    expectNoKey(run, wrongKey);
  });

  it('ends the run with a message when the config has no key', async () => {
    const run = await runScriptedLive([], { config: { apiKey: '', model: 'claude-test' } });
    expect(run.requests).toEqual([]);
    expect(run.record.error).toBe('live model: no API key was given; enter your Anthropic API key');
    expect(validateScenario(run.recording).ok).toBe(true);
  });

  it('announces a rate-limit retry as a model notice and carries on after the wait', async () => {
    const run = await runScriptedLive([
      { kind: 'error', status: 429, errorType: 'rate_limit_error', message: 'rate limited', headers: { 'retry-after': '2' } },
      streamReply({ blocks: [{ type: 'text', text: 'Here I am.' }] }),
    ]);
    const notice = run.events.find((event) => event.type === 'model_notice');
    expect(notice).toMatchObject({ type: 'model_notice', turn: 0, kind: 'retry', attempt: 1, delayMs: 2000 });
    const text = run.events.find((event) => event.type === 'block_started')!;
    // The wait was slept on the clock; the retried request then took its real (short) time.
    expect(text.at - notice!.at).toBeGreaterThanOrEqual(2000);
    expect((text.at - notice!.at) / 2000).toBeLessThan(1.1);
    expect(run.record.turns[0]!.notices).toHaveLength(1);
    expect(run.record.turns[0]!.streamEndReason).toBe('end');
    await expectReplaysTheSame(run);
  });

  it('falls back when an overloaded_error arrives after a tool block began: discards the calls, retries without streaming, and sends only the retry\'s results', async () => {
    const slowBash: ScriptBlock = { type: 'tool_use', id: 'toolu_slow_bash', name: 'Bash', input: { command: 'sleep 5' } };
    const queuedRead: ScriptBlock = { type: 'tool_use', id: 'toolu_queued_read', name: 'Read', input: { file_path: 'a.txt' } };
    const glob = blockEvents({ type: 'tool_use', id: 'toolu_cut_glob', name: 'Glob', input: { pattern: '**/*.txt' } }, 2);
    const run = await runScriptedLive(
      [
        {
          kind: 'stream',
          events: [
            ...startEvents({ blocks: [] }),
            ...blockEvents(slowBash, 0),
            ...blockEvents(queuedRead, 1),
            ...glob.slice(0, 2),
            // While the Bash call runs (and the Read waits behind it), the stream fails.
            { ...errorEvent('overloaded_error', 'Overloaded'), delayMs: 100 },
          ],
        },
        {
          kind: 'message',
          message: {
            blocks: [
              { type: 'text', text: 'Reading instead.' },
              { type: 'tool_use', id: 'toolu_retry_read', name: 'Read', input: { file_path: 'a.txt' } },
              { type: 'tool_use', id: 'toolu_retry_glob', name: 'Glob', input: { pattern: '**/*.txt' } },
            ],
          },
        },
        streamReply({ blocks: [{ type: 'text', text: 'a.txt holds "a".' }] }),
      ],
      { workspace: { 'a.txt': 'a\n' } },
    );
    expect(run.violations).toEqual([]);
    const [failed, retry, last] = run.record.turns;
    expect(failed!.streamEndReason).toBe('fallback');
    expect(failed!.streamEndMessage).toBe('the stream failed after it began (overloaded_error: Overloaded); retrying the request without streaming');
    expect(callsOf(failed).map((call) => [call.id, call.outcome, call.result])).toEqual([
      ['toolu_slow_bash', 'discarded', null],
      ['toolu_queued_read', 'discarded', null],
    ]);
    expect(callsOf(retry).map((call) => [call.id, call.outcome])).toEqual([
      ['toolu_retry_read', 'success'],
      ['toolu_retry_glob', 'success'],
    ]);
    expect(last!.calls).toEqual([]);

    expect(run.requests.map((request) => request.stream)).toEqual([true, false, true]);
    expect(bodyWithoutStream(run.requests[1])).toEqual(bodyWithoutStream(run.requests[0]));
    const messages = messagesOf(run.requests[2]);
    expect(toolUseIds(messages[1])).toEqual(['toolu_retry_read', 'toolu_retry_glob']);
    expect(resultIds(messages[2])).toEqual(['toolu_retry_read', 'toolu_retry_glob']);
    expect(JSON.stringify(messages)).not.toContain('toolu_slow_bash');
    await expectReplaysTheSame(run);
  });

  it.each([
    ['the connection is reset', true],
    ['the response ends without message_stop', false],
  ])('falls back the same way when %s midway', async (_case, reset) => {
    const fixture = fallbackFixture();
    const events = [...startEvents({ blocks: [] }), ...blockEvents({ type: 'tool_use', id: 'toolu_failed_read', name: 'Read', input: { file_path: 'src/greet.ts' } }, 0)];
    const replies: ScriptedReply[] = [{ kind: 'stream', events, reset }, ...fixture.replies.slice(1)];
    const run = await runScriptedLive(replies, { prompt: fixture.prompt, workspace: fixture.workspace });
    expect(run.violations).toEqual([]);
    expect(run.record.turns[0]!.streamEndReason).toBe('fallback');
    expect(run.record.turns[0]!.streamEndMessage).toMatch(reset ? /^the stream failed after it began \(terminated/ : /^the connection closed before the response was complete/);
    expect(run.requests.map((request) => request.stream)).toEqual([true, false, true]);
    expect(resultIds(messagesOf(run.requests[2]).at(-1))).toEqual(fixture.toolUseIds);
    await expectReplaysTheSame(run);
  });

  it('runs the fallback fixture to its end', async () => {
    const fixture = fallbackFixture();
    const run = await runScriptedLive(fixture.replies, { prompt: fixture.prompt, workspace: fixture.workspace });
    expect(run.violations).toEqual([]);
    expect(run.record.turns.map((turn) => turn.streamEndReason)).toEqual(['fallback', 'end', 'end']);
    expect(resultIds(messagesOf(run.requests[2]).at(-1))).toEqual(fixture.toolUseIds);
    await expectReplaysTheSame(run);
  });

  it('gives every tool_use a result when the user stops during the stream, and sends nothing more', async () => {
    const controller = new AbortController();
    const blocks: [ScriptBlock, ScriptBlock, ScriptBlock, ScriptBlock] = [
      { type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: 'a.txt' } },
      { type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: { command: 'sleep 5' } },
      { type: 'text', text: 'never finished', pieces: ['never ', 'finished'] },
      { type: 'tool_use', id: 'toolu_never', name: 'Read', input: { file_path: 'a.txt' } },
    ];
    const run = await runScriptedLive(
      [
        {
          kind: 'stream',
          events: [...startEvents({ blocks }), ...blockEvents(blocks[0], 0), ...blockEvents(blocks[1], 1), ...blockEvents(blocks[2], 2, 50), ...blockEvents(blocks[3], 3, 50)],
        },
        streamReply({ blocks: [{ type: 'text', text: 'never asked' }] }),
      ],
      {
        workspace: { 'a.txt': 'a\n' },
        signal: controller.signal,
        onEvent: (event) => {
          // Stop while the text streams and the Bash call runs.
          if (event.type === 'block_delta' && event.turn === 0) controller.abort();
        },
      },
    );
    expect(run.requests).toHaveLength(1);
    const turn = run.record.turns[0]!;
    expect(turn.streamEndReason).toBe('interrupt');
    expect(callsOf(turn).map((call) => [call.id, call.outcome])).toEqual([
      ['toolu_read', 'success'],
      ['toolu_bash', 'interrupted'],
    ]);
    for (const call of callsOf(turn)) expect(call.result, call.id).not.toBeNull();
    // The text block never closed and the last tool block never came: neither is a tool_use to answer.
    expect(turn.blocks.map((block) => [block.kind, block.stoppedAt === null])).toEqual([
      ['tool_use', false],
      ['tool_use', false],
      ['text', true],
    ]);
    await expectReplaysTheSame(run);
  });

  it('interrupts a running tool when the user stops after the stream ended, and the recording replays it', async () => {
    const controller = new AbortController();
    const seen = new Set<string>();
    const run = await runScriptedLive(
      [
        streamReply({
          blocks: [
            { type: 'tool_use', id: 'toolu_fast_read', name: 'Read', input: { file_path: 'a.txt' } },
            { type: 'tool_use', id: 'toolu_long_bash', name: 'Bash', input: { command: 'sleep 5' } },
          ],
        }),
      ],
      {
        workspace: { 'a.txt': 'a\n' },
        signal: controller.signal,
        onEvent: (event) => {
          // Stop once the stream has ended and the Bash call runs, whichever comes last.
          if (event.type === 'stream_ended') seen.add('stream ended');
          if (event.type === 'call_running' && event.id === 'toolu_long_bash') seen.add('bash running');
          if (seen.size === 2 && !controller.signal.aborted) controller.abort();
        },
      },
    );
    expect(run.requests).toHaveLength(1);
    const turn = run.record.turns[0]!;
    expect(turn.streamEndReason).toBe('end');
    expect(callsOf(turn).map((call) => [call.id, call.outcome])).toEqual([
      ['toolu_fast_read', 'success'],
      ['toolu_long_bash', 'interrupted'],
    ]);
    expect(run.recording.turns[0]!.interruptAt).toBeDefined();
    await expectReplaysTheSame(run);
  });

  it('gives a sub-agent its own live conversation, started by the Agent call\'s prompt', async () => {
    const agentPrompt = 'Find where greet() is defined and report the file.';
    const script = (request: RecordedRequest): ScriptedReply => {
      const messages = messagesOf(request);
      if (messages[0]?.content === agentPrompt) {
        return messages.length === 1
          ? streamReply({ blocks: [{ type: 'tool_use', id: 'toolu_sub_grep', name: 'Grep', input: { pattern: 'function greet' } }] })
          : streamReply({ blocks: [{ type: 'text', text: 'greet() is defined in src/greet.ts.' }] });
      }
      return messages.length === 1
        ? streamReply({ blocks: [{ type: 'tool_use', id: 'toolu_agent', name: 'Agent', input: { description: 'Find greet', prompt: agentPrompt } }] })
        : streamReply({ blocks: [{ type: 'text', text: 'It is in src/greet.ts.' }] });
    };
    const run = await runScriptedLive(script, { workspace: conversationFixture().workspace });
    expect(run.violations).toEqual([]);
    const subRequests = run.requests.filter((request) => messagesOf(request)[0]?.content === agentPrompt);
    expect(subRequests).toHaveLength(2);
    expect(messagesOf(subRequests[0])).toEqual([{ role: 'user', content: agentPrompt }]);
    const subTools = (subRequests[0]!.body as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(subTools).toContain('Grep');
    expect(subTools).not.toContain('Agent');
    const parentLast = messagesOf(run.requests.at(-1)).at(-1)!;
    expect(resultIds(parentLast)).toEqual(['toolu_agent']);
    expect(JSON.stringify(parentLast.content)).toContain('greet() is defined in src/greet.ts.');

    const agentCall = run.record.turns[0]!.calls[0]!;
    expect(agentCall.outcome).toBe('success');
    expect(agentCall.children?.map((turn) => turn.calls.map((call) => call.id))).toEqual([['toolu_sub_grep'], []]);
    expect(Object.keys(run.recording.agents ?? {})).toEqual(['toolu_agent']);
    await expectReplaysTheSame(run);
  });

  it('offers a deferred tool by name until ToolSearch loads it, then with its schema', async () => {
    const run = await runScriptedLive(
      [
        streamReply({ blocks: [{ type: 'tool_use', id: 'toolu_search', name: 'ToolSearch', input: { query: 'select:TodoWrite' } }] }),
        streamReply({ blocks: [{ type: 'text', text: 'Loaded.' }] }),
      ],
      { settings: liveSettings({ permissionMode: 'acceptEdits', deferTools: true }) },
    );
    const [first, second] = run.requests.map((request) => request.body as { system: string; tools: { name: string }[] });
    expect(first!.tools.map((tool) => tool.name)).not.toContain('TodoWrite');
    expect(first!.tools.map((tool) => tool.name)).toContain('ToolSearch');
    expect(first!.system).toMatch(/<available-deferred-tools>[^]*\nTodoWrite\n[^]*<\/available-deferred-tools>/);
    expect(second!.tools.map((tool) => tool.name)).toContain('TodoWrite');
    expect(second!.system).not.toMatch(/\nTodoWrite\n/);
  });

  it('records answers to permission prompts, and the replay answers the same way', async () => {
    const run = await runScriptedLive(
      [
        streamReply({
          blocks: [
            { type: 'tool_use', id: 'toolu_write_yes', name: 'Write', input: { file_path: 'yes.txt', content: 'yes\n' } },
            { type: 'tool_use', id: 'toolu_write_no', name: 'Write', input: { file_path: 'no.txt', content: 'no\n' } },
          ],
        }),
        streamReply({ blocks: [{ type: 'text', text: 'One written, one refused.' }] }),
      ],
      {
        settings: liveSettings({ permissionMode: 'default' }),
        canUseTool: (request) => Promise.resolve(request.toolUseId === 'toolu_write_yes' ? 'allow' : 'deny'),
      },
    );
    expect(outcomesOf(run.record.turns)).toEqual({ toolu_write_yes: 'success', toolu_write_no: 'denied' });
    expect(run.recording.settings.answers).toEqual({ toolu_write_yes: 'allow', toolu_write_no: 'deny' });
    expect(run.recording.settings.defaultAnswer).toBe('deny');
    await expectReplaysTheSame(run);
  });
});
