import { describe, expect, it } from 'vitest';
import { generateSession, toJsonl, type LogLine } from '../../../test/sessionLogs';
import { importSessionLog } from './importSessionLog';

/** `depth` arrays one inside the other around `inner`, as JSON text (built as text: an object that deep could not be stringified). */
function deepArrayText(depth: number, inner = '"x"'): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

describe('a log with structures nested past any stack', () => {
  it('a tool result, its content and the tool’s own report nested 100,000 deep: the log imports, the call kept', () => {
    const lines = generateSession([{ calls: [{ id: 'toolu_deep', name: 'Read', input: { file_path: '/home/me/app/a.ts' }, result: 'placeholder', ms: 10 }] }]);
    const text = toJsonl(lines)
      .split('\n')
      .map((line) => {
        if (!line.includes('"tool_result"')) return line;
        const parsed = JSON.parse(line) as LogLine;
        const marker = '"__DEEP__"';
        (parsed.message as { content: Array<{ content: unknown }> }).content[0]!.content = '__DEEP__';
        parsed.toolUseResult = '__DEEP2__';
        return JSON.stringify(parsed).replace(marker, `[{"type":"text","text":${deepArrayText(100_000)}}]`).replace('"__DEEP2__"', deepArrayText(100_000, '{"a":1}'));
      })
      .join('\n');
    const result = importSessionLog([{ name: 'deep.jsonl', text }]);
    expect(result.problems.map((problem) => problem.message).join('\n')).not.toMatch(/call stack|internal/i);
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.keys(result.scenario.observed!.calls)).toEqual(['toolu_deep']);
  });
});
