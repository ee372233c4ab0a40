/**
 * The times a Cline task's `ui_messages.json` gives. Cline shows each API request as a `say:
 * "api_req_started"` message (its text a JSON `ClineApiReqInfo` with tokens and cost), then the
 * response's text (`say: "text"`) and its tool, asked for approval (`ask: "tool"` with a JSON
 * `ClineSayTool`, `ask: "command"`, `ask: "followup"`, …) or said when approved by itself (`say:
 * "tool"`, `say: "command"`), then a command's output (`say: "command_output"`). A message keeps
 * the `ts` of its first partial version, so a tool's `ts` is when its block began streaming.
 */
import type { LogProblem } from '../logLines';
import { stringOf } from '../codex/rolloutLines';
import type { TaskItem } from './taskFiles';

/** The asks and says that show a tool call. */
const TOOL_ASKS = new Set(['tool', 'command', 'followup', 'completion_result', 'use_mcp_server', 'browser_action_launch', 'plan_mode_respond', 'new_task', 'condense', 'summarize_task', 'report_bug', 'use_subagents']);
const TOOL_SAYS = new Set(['tool', 'command', 'completion_result', 'browser_action_launch', 'use_mcp_server', 'load_mcp_documentation', 'generate_explanation']);

/** One API request as the chat showed it. */
export interface UiRequest {
  readonly ts: number;
  readonly line: number;
  /** When each text of its response began. */
  readonly texts: number[];
  /** When each tool of its response was shown, in order. */
  readonly tools: number[];
  /** The last moment of anything shown for it (a command's output, the user's feedback). */
  last: number;
}

/** The chat's times: the task's start, its prompt, and its requests in order. */
export interface UiTimes {
  readonly taskTs?: number;
  readonly prompt?: string;
  readonly requests: UiRequest[];
}

/** Reads the chat's messages (in order) into its requests' times; a message without a time or of an unknown type is a problem. */
export function uiTimes(items: readonly TaskItem[], source: string, problems: LogProblem[]): UiTimes {
  const requests: UiRequest[] = [];
  let taskTs: number | undefined;
  let prompt: string | undefined;
  let previous = -Infinity;
  for (const item of items) {
    const { raw, line, index } = item;
    const type = raw.type;
    if (type !== 'ask' && type !== 'say') {
      problems.push({ source, line, message: `message ${index} is of type ${JSON.stringify(type ?? null)}, neither "ask" nor "say": passed over` });
      continue;
    }
    if (typeof raw.ts !== 'number' || !Number.isFinite(raw.ts)) {
      problems.push({ source, line, message: `message ${index} (${type} ${stringOf(raw, type) || '?'}) has no ts: passed over` });
      continue;
    }
    if (raw.ts < previous) problems.push({ source, line, message: `message ${index} is stamped ${previous - raw.ts} ms before the one before it: taken as it is` });
    previous = Math.max(previous, raw.ts);
    const ts = raw.ts;
    const what = stringOf(raw, type);
    const current = requests.at(-1);
    if (type === 'say' && what === 'task') {
      taskTs ??= ts;
      prompt ??= stringOf(raw, 'text');
    } else if (type === 'say' && what === 'api_req_started') requests.push({ ts, line, texts: [], tools: [], last: ts });
    else if (current) {
      if (type === 'say' && what === 'text') current.texts.push(ts);
      else if ((type === 'ask' ? TOOL_ASKS : TOOL_SAYS).has(what) && raw.partial !== true) {
        // attempt_completion says its result, then asks whether the user is content: one call.
        const repeat = what === 'completion_result' && type === 'ask' && current.tools.length > 0;
        if (!repeat) current.tools.push(ts);
      }
      current.last = Math.max(current.last, ts);
    }
  }
  return { ...(taskTs !== undefined ? { taskTs } : {}), ...(prompt !== undefined ? { prompt } : {}), requests };
}
