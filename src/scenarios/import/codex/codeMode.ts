/**
 * Codex's "code mode" (0.145): the model writes JavaScript for one `exec` tool, and that code calls
 * the other tools (`await tools.exec_command({…})`); their calls appear only inside the code, with
 * no line of their own in the rollout. Read here from the code, each becomes a call nested under
 * its `exec`, as a sub-agent's calls are under its Agent call: the calls one `Promise.all([…])`
 * makes together are one response (they ran at once), each call awaited on its own is a response
 * of its own (it ran after the one before).
 */
import { emptyAgent, type LoggedAgent, type LoggedCall } from '../sessionLog';
import { playgroundCall } from './codexTools';
import { scanCodeCalls } from './codeScan';

/** A call the code makes: the tool's name and its arguments (the code's own text when they are not a literal). */
export interface CodeCall {
  readonly name: string;
  readonly args: unknown;
}

/**
 * A call's argument as data: JSON, or a JavaScript object literal of plain values (unquoted keys,
 * as the model writes them too); otherwise the code's text, so nothing is lost.
 */
function argumentOf(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  for (const candidate of [trimmed, trimmed.replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":')]) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // Not a literal of plain values: tried the next way, or kept as code.
    }
  }
  return { code: trimmed.length > MAX_CODE_ARGUMENT ? `${trimmed.slice(0, MAX_CODE_ARGUMENT)}… (${(trimmed.length - MAX_CODE_ARGUMENT).toLocaleString('en-US')} more characters)` : trimmed };
}

/** The most of an argument's code kept when it is not a literal: enough to read, never a log's worth. */
const MAX_CODE_ARGUMENT = 2_000;

/**
 * The tool calls an `exec`'s code makes, in groups that ran at once (one `Promise.all`), in the
 * code's order: only calls the code makes, not words in its comments or strings (codeScan.ts).
 */
export function codeModeCalls(code: string): CodeCall[][] {
  const groups: CodeCall[][] = [];
  let group = -1;
  for (const { name, argument, together } of scanCodeCalls(code)) {
    const call = { name, args: argumentOf(argument) };
    if (together >= 0 && together === group) groups.at(-1)!.push(call);
    else groups.push([call]);
    group = together;
  }
  return groups;
}

/** What an inner call's result says: its own output is part of the `exec`'s, which the log keeps whole. */
const INNER_RESULT = "code mode: this call's own output is part of its exec call's output (the log keeps only that)";

/**
 * The calls an `exec` call's code made, as the sub-agent under it: a response per group, each
 * call mapped onto the playground's tools. The log gives no time of their own: the groups share
 * the `exec`'s span in equal parts, in the code's order. Each ended as the `exec` did.
 */
export function codeModeAgent(exec: LoggedCall, groups: readonly (readonly CodeCall[])[], cwd: string): LoggedAgent {
  const agent = emptyAgent();
  const start = exec.closedAt;
  const end = exec.endedAt ?? start;
  const step = groups.length > 0 ? Math.max(0, end - start) / groups.length : 0;
  for (const [index, group] of groups.entries()) {
    const from = start + step * index;
    const response = { messageId: `${exec.id}-code-${index}`, blocks: [] as LoggedAgent['responses'][number]['blocks'] };
    agent.responses.push(response);
    for (const [place, code] of group.entries()) {
      const id = `${exec.id}_c${index}_${place}`;
      const mapped = playgroundCall(code.name, code.args, cwd);
      response.blocks.push({ kind: 'tool_use', text: '', callId: id, at: from, line: exec.result?.line ?? 0 });
      const call: LoggedCall = { id, name: mapped.name, input: mapped.input, closedAt: from, startedAt: from, endedAt: from + step };
      if (exec.result) call.result = { text: INNER_RESULT, isError: exec.result.isError, line: exec.result.line };
      agent.calls.set(id, call);
    }
  }
  return agent;
}
