/**
 * A Cline task kept as its `ui_messages.json` alone (many saved tasks are: the tools that analyse
 * Cline tasks keep only this file) folded into the importer's responses and calls. Cline shows each
 * request as `say: "api_req_started"` (its `request` text, from the second on, is the user message
 * sent: the previous call's result as `[read_file for 'a.ts'] Result:` and what follows), then the
 * response's text (`say: "text"`) and its one tool, said when approved by itself or asked for
 * approval (`say|ask: "tool"` with a JSON `ClineSayTool`, `"command"`, `"use_mcp_server"`,
 * `"followup"`, `"completion_result"`), then a command's output (`command_output`) or an MCP
 * call's (`mcp_server_request_started`, `mcp_server_response`). A message keeps the `ts` of its
 * first partial version: a tool's is when its block began. A call ends when the next request was
 * sent with its result, or with its last output, whichever the chat shows first.
 */
import type { LogProblem } from '../logLines';
import { isRecord, stringOf } from '../codex/rolloutLines';
import { blockTime, emptyAgent, type LoggedAgent, type LoggedCall, type LoggedResponse } from '../sessionLog';
import { playgroundCall } from './clineTools';
import type { TaskItem } from './taskFiles';

/** What a `ClineSayTool`'s `tool` is as the call Cline's prompt names (the handler that showed it). */
const TOOL_CALLS: Readonly<Record<string, (tool: Record<string, unknown>) => { name: string; args: Record<string, unknown> }>> = {
  readFile: (tool) => ({ name: 'read_file', args: { path: stringOf(tool, 'path') } }),
  newFileCreated: (tool) => ({ name: 'write_to_file', args: { path: stringOf(tool, 'path'), content: stringOf(tool, 'content') } }),
  editedExistingFile: (tool) => ({ name: 'replace_in_file', args: { path: stringOf(tool, 'path'), diff: stringOf(tool, 'content') || stringOf(tool, 'diff') } }),
  listFilesTopLevel: (tool) => ({ name: 'list_files', args: { path: stringOf(tool, 'path'), recursive: 'false' } }),
  listFilesRecursive: (tool) => ({ name: 'list_files', args: { path: stringOf(tool, 'path'), recursive: 'true' } }),
  searchFiles: (tool) => ({ name: 'search_files', args: { path: stringOf(tool, 'path'), regex: stringOf(tool, 'regex'), file_pattern: stringOf(tool, 'filePattern') } }),
  listCodeDefinitionNames: (tool) => ({ name: 'list_code_definition_names', args: { path: stringOf(tool, 'path') } }),
  webFetch: (tool) => ({ name: 'web_fetch', args: { url: stringOf(tool, 'path') || stringOf(tool, 'url') } }),
};

/** A tool's result as the next request carries it: `[tool for 'path'] Result:` and what follows, to the next such heading or the environment's details. */
const RESULT = /\[([a-z_]+)(?: for '[^'\n]*')?\] Result:\n?([\s\S]*?)(?=\n\n\[[a-z_]+(?: for '[^'\n]*')?\] Result:|\n*<environment_details>|$)/;

/** Cline's words for a tool that failed, in the result it sends (formatResponse.toolError). */
const FAILED = /^The tool execution failed with the following error:|^\s*<error>/;

interface Open {
  readonly call: LoggedCall;
  /** Output shown while it ran (a command's, an MCP server's answer, the user's feedback), in order. */
  output: string[];
}

/** The chat's messages (in order) as responses and calls. */
export function foldChat(items: readonly TaskItem[], source: string): { agent: LoggedAgent; prompt?: string; problems: LogProblem[] } {
  const agent = emptyAgent();
  const problems: LogProblem[] = [];
  let response: LoggedResponse | undefined;
  let open: Open | undefined;
  let prompt: string | undefined;
  // The call the last request was made for: the next request carries its result.
  const settle = (ts: number, request?: string) => {
    if (!open) return;
    const { call, output } = open;
    const carried = request !== undefined ? RESULT.exec(request)?.[2]?.trim() : undefined;
    const text = carried !== undefined && carried !== '…' && carried !== '\u2026' ? carried : output.join('\n');
    call.result = { text, isError: FAILED.test(text), line: call.result?.line ?? 0 };
    call.endedAt = Math.max(call.closedAt, call.endedAt ?? ts);
    open = undefined;
  };
  const add = (item: TaskItem, ts: number, name: string, args: Record<string, unknown>) => {
    if (!response) {
      problems.push({ source, line: item.line, message: `message ${item.index}: a tool shown before any request: left out` });
      return;
    }
    settle(ts);
    const mapped = playgroundCall(name, args);
    const id = `ui_${item.index}`;
    const closedAt = blockTime(response, ts, { source, line: item.line }, problems);
    const call: LoggedCall = { id, name: mapped.name, input: mapped.input, closedAt };
    agent.calls.set(id, call);
    response.blocks.push({ kind: 'tool_use', text: '', callId: id, at: closedAt, line: item.line });
    open = { call, output: [] };
  };
  for (const item of items) {
    const { raw } = item;
    if (typeof raw.ts !== 'number' || !Number.isFinite(raw.ts) || raw.partial === true) continue;
    const ts = raw.ts;
    const type = raw.type;
    const what = type === 'ask' || type === 'say' ? stringOf(raw, type) : '';
    const text = stringOf(raw, 'text');
    if (type === 'say' && what === 'task') prompt ??= text;
    else if (type === 'say' && what === 'api_req_started') {
      settle(ts, requestOf(text));
      response = { messageId: `request-${item.index}`, blocks: [] };
      agent.responses.push(response);
    } else if (type === 'say' && (what === 'text' || what === 'reasoning') && response) {
      response.blocks.push({ kind: what === 'text' ? 'text' : 'thinking', text: what === 'text' ? text : '', at: blockTime(response, ts, { source, line: item.line }, problems), line: item.line });
    } else if (what === 'tool') {
      const tool = parse(text);
      const made = isRecord(tool) && typeof tool.tool === 'string' ? TOOL_CALLS[tool.tool]?.(tool) : undefined;
      if (made) add(item, ts, made.name, made.args);
      else add(item, ts, isRecord(tool) && typeof tool.tool === 'string' ? tool.tool : 'tool', isRecord(tool) ? tool : {});
      // Older versions show a folder's listing or a search's matches in the tool message itself.
      const shown = isRecord(tool) ? stringOf(tool, 'content') : '';
      if (open && shown !== '' && isRecord(tool) && /^list|^search/.test(stringOf(tool, 'tool'))) open.output.push(shown);
    } else if (what === 'command') {
      add(item, ts, 'execute_command', { command: text.replace(/REQ_APP$/, '').trim() });
    } else if (what === 'command_output' && open) {
      open.output.push(text);
      open.call.endedAt = ts;
    } else if (what === 'use_mcp_server') {
      const use = parse(text);
      const fields = isRecord(use) ? use : {};
      add(item, ts, 'use_mcp_tool', { server_name: stringOf(fields, 'serverName'), tool_name: stringOf(fields, 'toolName'), arguments: stringOf(fields, 'arguments') });
    } else if (what === 'mcp_server_request_started' && open) {
      open.call.startedAt = Math.max(ts, open.call.closedAt);
    } else if (what === 'mcp_server_response' && open) {
      open.output.push(text);
      open.call.endedAt = ts;
    } else if (what === 'followup' && type === 'ask') {
      const asked = parse(text);
      add(item, ts, 'ask_followup_question', isRecord(asked) ? { question: stringOf(asked, 'question'), options: JSON.stringify(Array.isArray(asked.options) ? asked.options : []) } : { question: text });
    } else if (what === 'user_feedback' && open) {
      open.output.push(text);
    } else if (what === 'completion_result' && type === 'say') {
      add(item, ts, 'attempt_completion', { result: text.replace(/HAS_CHANGES$/, '') });
    }
  }
  // The last call's result is not in the chat: the task ended (or was saved) before another request.
  return { agent, ...(prompt !== undefined ? { prompt } : {}), problems };
}

/** A request message's `request` text; `undefined` when it has none. */
function requestOf(text: string): string | undefined {
  const info = parse(text);
  return isRecord(info) && typeof info.request === 'string' ? info.request : undefined;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
