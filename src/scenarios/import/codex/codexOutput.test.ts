import { describe, expect, it } from 'vitest';
import { durationMs, execReport, readOutput } from './codexOutput';
import { shownFile } from './shellReads';

const structured = (output: string, exitCode: number, seconds: number) => JSON.stringify({ output, metadata: { exit_code: exitCode, duration_seconds: seconds } });

describe('a Codex CLI tool output', () => {
  it('reads a command’s report in its three shapes: exit code and duration', () => {
    expect(execReport(structured('ok\n', 0, 1.2))).toEqual({ exitCode: 0, durationMs: 1200 });
    expect(execReport('Exit code: 2\nWall time: 0.3 seconds\nTotal output lines: 900\nOutput:\nboom')).toEqual({ exitCode: 2, durationMs: 300 });
    expect(execReport('Chunk ID: 7\nWall time: 1.0021 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\nhi')).toEqual({ exitCode: 0, durationMs: 1002 });
    expect(execReport('Chunk ID: 8\nWall time: 10.0000 seconds\nProcess running with session ID 3\nOutput:\nstarting')).toEqual({ durationMs: 10000 });
    expect(execReport('Plan updated')).toBeUndefined();
    expect(execReport('{"not": "a report"}')).toBeUndefined();
  });

  it('tells a failed call: a non-zero exit, a false success, or Codex’s own refusals', () => {
    expect(readOutput(structured('', 1, 0.5))).toMatchObject({ failed: true, exitCode: 1, durationMs: 500 });
    expect(readOutput({ content: 'boom', success: false })).toEqual({ text: 'boom', failed: true });
    for (const text of ['failed to parse function arguments: EOF', 'unsupported call: frobnicate', 'apply_patch verification failed: Failed to find expected lines', 'exec command rejected by user', 'aborted']) {
      expect(readOutput(text).failed, text).toBe(true);
    }
    expect(readOutput('Plan updated')).toEqual({ text: 'Plan updated', failed: false });
  });

  it('joins the text parts of a content list, an image as [image]', () => {
    expect(readOutput([{ type: 'input_text', text: 'a ' }, { type: 'input_image', image_url: 'data:' }, { type: 'input_text', text: 'b' }])).toEqual({ text: 'a [image]b', failed: false });
    expect(readOutput(undefined)).toEqual({ text: '', failed: false });
  });

  it('reads a Rust Duration as serde writes it', () => {
    expect(durationMs({ secs: 2, nanos: 500_000_000 })).toBe(2500);
    expect(durationMs('2s')).toBeUndefined();
  });
});

describe('a file a command showed', () => {
  const file = 'line 1\nline 2\n';

  it('takes `cat FILE` and `sed -n` from the first line as the whole file when the output says all of it', () => {
    expect(shownFile('cat src/a.ts', structured(file, 0, 0))).toEqual({ filePath: 'src/a.ts', content: file, startLine: 1, numLines: 2, totalLines: 2 });
    expect(shownFile("cd /home/me/app && sed -n '1,200p' 'src/a b.ts'", `Exit code: 0\nWall time: 0 seconds\nOutput:\n${file}`)).toEqual({
      filePath: '/home/me/app/src/a b.ts',
      content: file,
      startLine: 1,
      numLines: 2,
      totalLines: 2,
    });
  });

  it('takes the lines of a `sed -n` that may not be all, and nothing of other commands or cut outputs', () => {
    expect(shownFile('sed -n 10,11p a.ts', structured(file, 0, 0))).toEqual({ filePath: 'a.ts', content: 'line 1\nline 2', startLine: 10, numLines: 2, totalLines: 12 });
    expect(shownFile('cat a.ts | head', structured(file, 0, 0))).toBeUndefined();
    expect(shownFile('cat a.ts', structured(file, 1, 0))).toBeUndefined();
    expect(shownFile('cat a.ts', structured('a\n[... omitted 40 of 300 lines ...]\nb', 0, 0))).toBeUndefined();
    expect(shownFile('cat a.ts', 'Exit code: 0\nWall time: 0 seconds\nTotal output lines: 900\nOutput:\nx')).toBeUndefined();
  });
});
