/**
 * Claude Code session logs made to order, in the format the real ones have (see
 * test/transcripts/): for the importer's tests of cases the real logs do not hold, and for the
 * benchmark of a long session.
 */

const ISO = (ms: number) => new Date(Date.UTC(2026, 1, 12, 15, 0, 0) + ms).toISOString();

/** One line of a log, as an object. */
export type LogLine = Record<string, unknown>;

export interface GeneratedCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
  result: string;
  isError?: boolean;
  /** The tool's own report beside the result. */
  detail?: unknown;
  /** Its real duration (ms from its start to its result). */
  ms: number;
}

export interface GeneratedTurn {
  text?: string;
  calls: GeneratedCall[];
}

/** Line builders sharing one session's fields. */
export function logWriter(options: { version?: string; cwd?: string; sessionId?: string } = {}) {
  const base = { sessionId: options.sessionId ?? 'abcdef12-3456-7890-abcd-ef1234567890', version: options.version ?? '2.1.39', cwd: options.cwd ?? '/home/me/app', isSidechain: false, userType: 'external' };
  let uuid = 0;
  const next = () => `uuid-${++uuid}`;
  return {
    user: (at: number, content: unknown, extra: LogLine = {}): LogLine => ({ ...base, type: 'user', uuid: next(), timestamp: ISO(at), message: { role: 'user', content }, ...extra }),
    assistant: (at: number, messageId: string, block: unknown): LogLine => ({ ...base, type: 'assistant', uuid: next(), timestamp: ISO(at), message: { id: messageId, role: 'assistant', content: [block] } }),
    progress: (at: number, toolUseID: string): LogLine => ({ ...base, type: 'progress', uuid: next(), timestamp: ISO(at), toolUseID, parentToolUseID: toolUseID, data: { type: 'hook_progress', hookEvent: 'PreToolUse' } }),
    result: (at: number, call: GeneratedCall): LogLine => ({
      ...base,
      type: 'user',
      uuid: next(),
      timestamp: ISO(at),
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: call.result, ...(call.isError ? { is_error: true } : {}) }] },
      ...(call.detail !== undefined ? { toolUseResult: call.detail } : {}),
    }),
  };
}

/**
 * A 2.1.x session: a prompt, then each turn's response (text first, then its tool blocks 40 ms
 * apart), each call starting 5 ms after its block closes (a progress line says so) and its result
 * coming `ms` later; the next response 300 ms after the last result.
 */
export function generateSession(turns: readonly GeneratedTurn[], options: { version?: string; cwd?: string } = {}): LogLine[] {
  const write = logWriter(options);
  const lines: LogLine[] = [write.user(0, 'Do the task.')];
  let now = 1000;
  turns.forEach((turn, t) => {
    const messageId = `msg_${t}`;
    lines.push(write.assistant(now, messageId, { type: 'text', text: turn.text ?? `Step ${t}.` }));
    let lastEnd = now;
    for (const call of turn.calls) {
      now += 40;
      lines.push(write.assistant(now, messageId, { type: 'tool_use', id: call.id, name: call.name, input: call.input }));
      lines.push(write.progress(now + 5, call.id));
      lastEnd = Math.max(lastEnd, now + 5 + call.ms);
    }
    const results = turn.calls.map((call, i) => ({ call, end: now - (turn.calls.length - 1 - i) * 40 + 5 + call.ms }));
    for (const { call, end } of results.sort((a, b) => a.end - b.end)) lines.push(write.result(end, call));
    now = lastEnd + 300;
  });
  return lines;
}

/** Lines as a log's text. */
export function toJsonl(lines: readonly LogLine[]): string {
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}

/** A long session: `turns` responses of reads and greps (and a Bash now and then), `calls` in all. */
export function longSession(turns: number, calls: number): LogLine[] {
  const plan: GeneratedTurn[] = [];
  let made = 0;
  for (let t = 0; t < turns; t++) {
    const count = Math.floor(((t + 1) * calls) / turns) - made;
    const list: GeneratedCall[] = [];
    for (let i = 0; i < count; i++) {
      const n = made + i;
      const kind = n % 9 === 0 ? 'Bash' : n % 3 === 0 ? 'Grep' : 'Read';
      const input = kind === 'Bash' ? { command: `ls src/pkg${n % 20}` } : kind === 'Grep' ? { pattern: `f${n}`, path: 'src' } : { file_path: `/home/me/app/src/pkg${n % 20}/file${n}.ts` };
      const detail = kind === 'Read' ? { type: 'text', file: { filePath: input.file_path, content: `export const f${n} = ${n};\n`, numLines: 1, startLine: 1, totalLines: 1 } } : undefined;
      list.push({ id: `toolu_gen_${n}`, name: kind, input, result: kind === 'Read' ? `     1→export const f${n} = ${n};` : 'ok', ms: 20 + (n % 7) * 15, ...(detail ? { detail } : {}) });
    }
    made += count;
    plan.push({ calls: list });
  }
  return generateSession(plan);
}
