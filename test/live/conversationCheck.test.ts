import { describe, expect, it } from 'vitest';
import { toolResultViolations } from './conversationCheck';

const use = (id: string) => ({ type: 'tool_use', id, name: 'Read', input: {} });
const result = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: 'ok' });
const user = (...content: unknown[]) => ({ role: 'user', content });
const assistant = (...content: unknown[]) => ({ role: 'assistant', content });

describe('toolResultViolations', () => {
  it('accepts a conversation where each tool_use has exactly one result in the next message', () => {
    const messages = [{ role: 'user', content: 'go' }, assistant({ type: 'text', text: 'ok' }, use('a'), use('b')), user(result('b'), result('a')), assistant({ type: 'text', text: 'done' })];
    expect(toolResultViolations({ messages })).toEqual([]);
  });

  it('names a missing, a doubled and a stray result', () => {
    const messages = [{ role: 'user', content: 'go' }, assistant(use('a'), use('b')), user(result('a'), result('a'), result('c'))];
    expect(toolResultViolations({ messages })).toEqual([
      'messages[2]: tool_result for c, which messages[1] does not ask for',
      'messages[2]: 2 tool_results for tool_use a (Read); exactly one is allowed',
      'messages[2]: no tool_result for tool_use b (Read) of messages[1]',
    ]);
  });

  it('names results that answer no tool_use, and tool calls that no message answers', () => {
    expect(toolResultViolations({ messages: [user(result('x'))] })).toEqual(['messages[0]: tool_result for x, but no tool_use of the message before asks for it']);
    expect(toolResultViolations({ messages: [{ role: 'user', content: 'go' }, assistant(use('a'))] })).toEqual([
      'messages[1] asks for 1 tool(s) (a) but no message with their results follows',
    ]);
    expect(toolResultViolations({})).toEqual(['the request has no "messages" array']);
  });
});
