import { afterEach, describe, expect, it, vi } from 'vitest';
import { clineTextKind } from './cline/taskFiles';
import { isGeminiChat } from './gemini/chatFile';
import { documentKind, parseJsonDocument } from './jsonDocument';
import { isOpenCodeExport } from './opencode/exportFile';

afterEach(() => vi.restoreAllMocks());

describe('a one-document log', () => {
  it('is parsed once while the readers tell whose it is and one reads it, and let go after', () => {
    const text = JSON.stringify({ info: { id: 'ses_1' }, messages: [] });
    const parse = vi.spyOn(JSON, 'parse');
    const wholeParses = () => parse.mock.calls.filter(([given]) => given === text).length;
    expect(clineTextKind(text)).toBeUndefined();
    expect(isGeminiChat(text)).toBe(false);
    expect(isOpenCodeExport(text)).toBe(true);
    expect(parseJsonDocument(text, 'a.json', 'an OpenCode export is one')).toEqual({ ok: true, value: { info: { id: 'ses_1' }, messages: [] } });
    expect(wholeParses()).toBe(1);
    parseJsonDocument(text, 'a.json', 'an OpenCode export is one');
    expect(wholeParses()).toBe(2);
  });

  it('is told from its head when it does not parse, and names the line where it breaks', () => {
    const text = '{\n"a": 1,\n"b": [\n';
    expect(documentKind(text, '{', () => 'whole', (head) => (head.includes('"b"') ? 'head' : undefined))).toBe('head');
    expect(documentKind(`  ${text}`, '[', () => 'whole', () => 'head')).toBeUndefined();
    const read = parseJsonDocument(text, 'a.json', 'a thing is one', 'nothing in it');
    expect(read).toMatchObject({ ok: false, problem: { source: 'a.json', line: 3, message: expect.stringMatching(/^not a whole JSON document \(a thing is one\): /) as string } });
    expect(parseJsonDocument(' \n', 'a.json', 'a thing is one', 'nothing in it')).toEqual({ ok: false, problem: { source: 'a.json', line: 0, message: 'the file is empty: nothing in it' } });
  });
});
