/**
 * Codex CLI rollout lines made to order, for the importer's tests of cases the fixture
 * (test/codex/) does not hold. The shapes are those of the Codex source (see test/codex/README.md):
 * every line `{timestamp, type, payload}`; a function call's `arguments` a JSON string; a
 * command's output `{"output", "metadata": {"exit_code", "duration_seconds"}}` as a string.
 */

const ISO = (ms: number) => new Date(Date.UTC(2025, 9, 14, 9, 0, 0) + ms).toISOString();

/** One line of a rollout, as an object. */
export type RolloutLine = Record<string, unknown>;

/** Line builders of one session in `/home/me/app`, written by Codex CLI `version`. */
export function rolloutWriter(options: { version?: string; cwd?: string } = {}) {
  const cwd = options.cwd ?? '/home/me/app';
  const line = (ms: number, type: string, payload: Record<string, unknown>): RolloutLine => ({ timestamp: ISO(ms), type, payload });
  const item = (ms: number, payload: Record<string, unknown>) => line(ms, 'response_item', payload);
  return {
    cwd,
    meta: (ms = 0) => line(ms, 'session_meta', { id: '0199aaaa-bbbb-7ccc-8ddd-eeeeffff0000', timestamp: ISO(ms), cwd, originator: 'codex_cli_rs', cli_version: options.version ?? '0.46.0', instructions: null, source: 'cli' }),
    user: (ms: number, text: string) => item(ms, { type: 'message', role: 'user', content: [{ type: 'input_text', text }] }),
    text: (ms: number, text: string) => item(ms, { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] }),
    reasoning: (ms: number, summary: string) => item(ms, { type: 'reasoning', summary: [{ type: 'summary_text', text: summary }], content: null, encrypted_content: 'gAAAA' }),
    call: (ms: number, name: string, args: unknown, callId: string) => item(ms, { type: 'function_call', name, arguments: typeof args === 'string' ? args : JSON.stringify(args), call_id: callId }),
    shell: (ms: number, command: string, callId: string) => item(ms, { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', command], workdir: cwd }), call_id: callId }),
    output: (ms: number, callId: string, output: unknown) => item(ms, { type: 'function_call_output', call_id: callId, output }),
    exec: (ms: number, callId: string, output: string, exitCode: number, seconds: number) =>
      item(ms, { type: 'function_call_output', call_id: callId, output: JSON.stringify({ output, metadata: { exit_code: exitCode, duration_seconds: seconds } }) }),
    tokens: (ms: number) => line(ms, 'event_msg', { type: 'token_count', info: null, rate_limits: null }),
    event: (ms: number, type: string, fields: Record<string, unknown> = {}) => line(ms, 'event_msg', { type, ...fields }),
    item,
    line,
  };
}

/** Lines as a rollout's text. */
export function toRollout(lines: readonly RolloutLine[]): string {
  return `${lines.map((each) => JSON.stringify(each)).join('\n')}\n`;
}
