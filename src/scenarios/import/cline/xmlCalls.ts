/**
 * The tool calls Cline's model writes inside its text, as Cline's system prompt asks and its parser
 * reads them (src/core/assistant-message/parse-assistant-message.ts): `<read_file><path>a.ts</path>
 * </read_file>`, a tag named for the tool holding one tag per parameter, each value trimmed. A file's
 * `content` (write_to_file) and a `diff` (replace_in_file) may hold tag-like text, so they close at
 * their last closing tag. A tool tag with no closing tag is a call cut off while streaming: Cline
 * never runs one, and it stays text here.
 */

/** The tools Cline's parser knows (`toolUseNames`, src/core/assistant-message/index.ts, and later ones). */
export const CLINE_TOOLS = new Set([
  'execute_command',
  'read_file',
  'write_to_file',
  'replace_in_file',
  'search_files',
  'list_files',
  'list_code_definition_names',
  'browser_action',
  'use_mcp_tool',
  'access_mcp_resource',
  'ask_followup_question',
  'plan_mode_respond',
  'load_mcp_documentation',
  'attempt_completion',
  'new_task',
  'condense',
  'summarize_task',
  'report_bug',
  'new_rule',
  'web_fetch',
  'web_search',
  'apply_patch',
]);

/** Parameters whose value may hold tag-like text: they close at their last closing tag. */
const WHOLE_VALUES = new Set(['content', 'diff']);

/** A piece of an assistant's text: prose, or a tool call with its parameters. */
export type TextPiece = { kind: 'text'; text: string } | { kind: 'call'; name: string; params: Record<string, string> };

/** The parameters written inside a tool's tag. */
function paramsOf(body: string): Record<string, string> {
  const params: Record<string, string> = {};
  const open = /<([a-z_]+)>/g;
  let found: RegExpExecArray | null;
  while ((found = open.exec(body)) !== null) {
    const name = found[1]!;
    const start = found.index + found[0].length;
    const closing = `</${name}>`;
    const end = WHOLE_VALUES.has(name) ? body.lastIndexOf(closing) : body.indexOf(closing, start);
    if (end < start) continue;
    if (!Object.hasOwn(params, name)) params[name] = body.slice(start, end).trim();
    open.lastIndex = end + closing.length;
  }
  return params;
}

/** Splits an assistant's text into prose and the tool calls written in it, in order. */
export function piecesOf(text: string): { pieces: TextPiece[]; cutOff?: string } {
  const pieces: TextPiece[] = [];
  const open = /<([a-z_]+)>/g;
  let from = 0;
  let cutOff: string | undefined;
  let found: RegExpExecArray | null;
  const prose = (end: number) => {
    const piece = text.slice(from, end).trim();
    if (piece !== '') pieces.push({ kind: 'text', text: piece });
  };
  while ((found = open.exec(text)) !== null) {
    const name = found[1]!;
    if (!CLINE_TOOLS.has(name)) continue;
    const bodyStart = found.index + found[0].length;
    const closing = `</${name}>`;
    // A file's content may itself name the tool's tag: the call closes at its last closing tag then.
    const end = name === 'write_to_file' || name === 'replace_in_file' ? text.lastIndexOf(closing) : text.indexOf(closing, bodyStart);
    if (end < bodyStart) {
      cutOff = name;
      break;
    }
    prose(found.index);
    pieces.push({ kind: 'call', name, params: paramsOf(text.slice(bodyStart, end)) });
    from = end + closing.length;
    open.lastIndex = from;
  }
  prose(text.length);
  return { pieces, ...(cutOff !== undefined ? { cutOff } : {}) };
}
