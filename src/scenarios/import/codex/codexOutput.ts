/**
 * What a Codex CLI tool output tells of its call: the text the model got, whether the call failed,
 * and, for a command, its exit code and how long it ran. A rollout records no success flag beside
 * an output (`FunctionCallOutputPayload` serializes as its text alone, or as a list of content
 * items: https://github.com/openai/codex/blob/main/codex-rs/protocol/src/models.rs), so the text
 * is read. Commands report in one of three shapes:
 *
 * - structured: `{"output": "...", "metadata": {"exit_code": 0, "duration_seconds": 0.1}}`
 *   (`format_exec_output_for_model_structured`),
 * - freeform: `Exit code: 0\nWall time: 0.1 seconds\n[Total output lines: N\n]Output:\n...`
 *   (`format_exec_output_for_model_freeform`, both in
 *   https://github.com/openai/codex/blob/main/codex-rs/core/src/tools/mod.rs),
 * - unified exec: `[Chunk ID: ...\n]Wall time: 0.1000 seconds\n[Process exited with code 0\n]
 *   [Process running with session ID 3\n]...Output:\n...`
 *   (https://github.com/openai/codex/blob/main/codex-rs/core/src/tools/handlers/unified_exec.rs).
 */
import { isRecord } from './rolloutLines';

/** A tool output as read. */
export interface CodexOutput {
  readonly text: string;
  readonly failed: boolean;
  readonly exitCode?: number;
  readonly durationMs?: number;
}

/**
 * Replies Codex itself gives instead of running a call: it could not parse the arguments, has no
 * such tool, refused a patch, or the user refused or interrupted it (see codex-rs/core/src/tools/).
 */
const FAILURES = /^(failed to parse function arguments|unsupported call|unsupported custom tool call|apply_patch verification failed|apply_patch handler received|exec command rejected by user|patch rejected by user|aborted\b|command timed out after|execution error|err: )/i;

/** An output payload's text: a string, the text parts of a content list, or an older `{content, success}` object. */
function payloadText(output: unknown): { text: string; success?: boolean } {
  if (typeof output === 'string') return { text: output };
  if (Array.isArray(output)) {
    const parts = output.map((part: unknown) => (isRecord(part) ? (typeof part.text === 'string' ? part.text : part.type === 'input_image' ? '[image]' : '') : ''));
    return { text: parts.join('') };
  }
  if (isRecord(output) && typeof output.content === 'string') return { text: output.content, ...(typeof output.success === 'boolean' ? { success: output.success } : {}) };
  return { text: output === undefined || output === null ? '' : JSON.stringify(output) };
}

/** A command's report in any of the three shapes, or `undefined` when the text is none of them. */
export function execReport(text: string): { exitCode?: number; durationMs?: number } | undefined {
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      const metadata = isRecord(parsed) && typeof parsed.output === 'string' && isRecord(parsed.metadata) ? parsed.metadata : undefined;
      if (metadata) return { ...(Number.isInteger(metadata.exit_code) ? { exitCode: metadata.exit_code as number } : {}), ...seconds(metadata.duration_seconds) };
    } catch {
      return undefined;
    }
    return undefined;
  }
  const head = text.slice(0, text.indexOf('\nOutput:') >= 0 ? text.indexOf('\nOutput:') : Math.min(text.length, 400));
  const wall = /^Wall time: ([\d.]+) seconds$/m.exec(head);
  const exit = /^(?:Exit code: |Process exited with code )(-?\d+)$/m.exec(head);
  if (!wall && !exit) return undefined;
  return { ...(exit ? { exitCode: Number(exit[1]) } : {}), ...(wall ? seconds(Number(wall[1])) : {}) };
}

function seconds(value: unknown): { durationMs?: number } {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? { durationMs: Math.round(value * 1000) } : {};
}

/** Reads one `function_call_output` or `custom_tool_call_output` payload's `output`. */
export function readOutput(output: unknown): CodexOutput {
  const { text, success } = payloadText(output);
  const report = execReport(text);
  const failed = success === false || (report?.exitCode !== undefined && report.exitCode !== 0) || FAILURES.test(text.trimStart());
  return { text, failed, ...(report ?? {}) };
}

/** A Rust `Duration` as serde writes it (`{secs, nanos}`), in milliseconds. */
export function durationMs(value: unknown): number | undefined {
  if (!isRecord(value) || typeof value.secs !== 'number') return undefined;
  const nanos = typeof value.nanos === 'number' ? value.nanos : 0;
  const ms = value.secs * 1000 + nanos / 1e6;
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms) : undefined;
}
