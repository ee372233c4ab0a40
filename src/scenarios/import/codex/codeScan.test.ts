import { describe, expect, it } from 'vitest';
import { codeModeCalls } from './codeMode';
import { scanCodeCalls } from './codeScan';

const names = (code: string) => scanCodeCalls(code).map((call) => call.name);

describe('the code-mode scanner: only the calls the code makes, in one pass', () => {
  it('reads no call in a comment, a string, a template’s text or a regular expression, and reads the one in a template’s ${…}', () => {
    const code = [
      '// await tools.exec_command({"cmd":"rm -rf /"})',
      '/* tools.exec_command({"cmd":"rm -rf ~"}) */',
      'const a = "tools.exec_command({cmd: \\"rm -rf .\\"})";',
      "const b = 'tools.apply_patch(x)';",
      'const c = `tools.exec_command(${await tools.read_file({"path":"a"})}) and ${"}"} tools.x()`;',
      'const d = /tools.exec_command\\(["\'`]/.test(c);',
      'const e = thing.tools.exec_command({});',
      'const f = 4 / 2; await tools.list_dir({"path":"/w"});',
    ].join('\n');
    expect(names(code)).toEqual(['read_file', 'list_dir']);
    expect(codeModeCalls(code)).toEqual([[{ name: 'read_file', args: { path: 'a' } }], [{ name: 'list_dir', args: { path: '/w' } }]]);
  });

  it('groups the calls of one Promise.all, nested ones included, and keeps separate awaits apart', () => {
    const code = 'await Promise.all([tools.a({}), Promise.allSettled([tools.b({})]), tools.c({})]); await tools.d({}); await Promise.all([tools.e({})]);';
    expect(codeModeCalls(code).map((group) => group.map((call) => call.name))).toEqual([['a', 'b', 'c'], ['d'], ['e']]);
  });

  it('a call inside another’s argument is shortened there, so 3,000 nested calls hold their text once', () => {
    const depth = 3_000;
    const code = `${'await tools.exec_command({"cmd": '.repeat(depth)}"ls"${'})'.repeat(depth)}`;
    const calls = scanCodeCalls(code);
    expect(calls).toHaveLength(depth);
    expect(calls[0]!.argument).toBe('{"cmd": await tools.exec_command(…)}');
    expect(calls.at(-1)!.argument).toBe('{"cmd": "ls"}');
    const held = calls.reduce((sum, call) => sum + call.argument.length, 0);
    expect(held).toBeLessThan(3 * code.length);
  });

  it('unclosed calls and an unclosed Promise.all end with the code, each holding only its own text', () => {
    const depth = 3_000;
    const code = `await Promise.all([${'tools.exec_command({"cmd":"x"}, '.repeat(depth)}`;
    const calls = scanCodeCalls(code);
    expect(calls).toHaveLength(depth);
    expect(calls.at(-1)!.argument).toBe('{"cmd":"x"}, ');
    expect(calls.reduce((sum, call) => sum + call.argument.length, 0)).toBeLessThan(3 * code.length);
    // One Promise.all around them all: one group.
    expect(codeModeCalls(code)).toHaveLength(1);
    // An argument that is not a literal is kept short.
    const long = codeModeCalls(`tools.a(${'x + '.repeat(5_000)}y`)[0]?.[0];
    expect(long?.args).toEqual({ code: `${'x + '.repeat(500)}… (18,001 more characters)` });
    // Unclosed strings, templates and comments end with the code too.
    for (const cut of ['tools.a("', 'tools.a(`${', 'tools.a(/*', 'tools.a(/[', '`${tools.a(']) expect(names(cut)).toEqual(['a']);
  });
});
