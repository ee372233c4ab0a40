/**
 * The results of Cline's tools, as it sends them back in the next user message
 * (`ToolResultUtils.pushToolResult`, src/core/task/tools/utils/ToolResultUtils.ts). Each opens with
 * the tool's description and "Result:", e.g. `[read_file for 'src/a.ts'] Result:` or
 * `[execute_command for 'npm test'] Result:`: as a text block followed by the result's text blocks
 * (calls written in the text), or, for a native tool_use, as a `tool_result` block whose content
 * is the description, "Result:" and the result in one. The environment's details Cline appends
 * (`<environment_details>`) belong to no result. Cline's words say how a call ended
 * (src/core/prompts/responses.ts): "The user denied this operation." (denied), "The tool execution
 * failed with the following error", a missing parameter, a `.clineignore` block (errors).
 */
import { isRecord } from '../codex/rolloutLines';

/** A result as read: the tool it names, and its text (without the header). */
export interface ToolResultText {
  readonly tool: string;
  readonly text: string;
  readonly isError: boolean;
}

const HEADER = /^\[([a-z_]+)(?: for [^\n]*?)?\] Result:[ \t]*\n?/;
const FAILED = /^(The tool execution failed with the following error|Missing value for required parameter|Access to .* is blocked by the \.clineignore|The user denied this operation|Skipping tool |Error (reading|writing|executing|searching|listing|parsing))/;

/** The text of a block's content: a string, or text blocks joined. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: unknown) => (isRecord(block) && block.type === 'text' && typeof block.text === 'string' ? block.text : isRecord(block) && block.type === 'image' ? '[image]' : ''))
    .filter((part) => part !== '')
    .join('\n');
}

/** A result's text as the importer keeps it, and whether Cline's words say it failed. */
export function resultOf(tool: string, raw: string): ToolResultText {
  const text = raw.replace(HEADER, '');
  return { tool, text, isError: FAILED.test(text.trimStart()) };
}

/** Whether a text block is the environment's details, not a result's. */
const isEnvironment = (text: string) => text.trimStart().startsWith('<environment_details>');

/** The results written as text in a user message's blocks, in order (calls written in the text). */
export function textResults(blocks: readonly unknown[]): ToolResultText[] {
  const results: { tool: string; parts: string[] }[] = [];
  for (const block of blocks) {
    if (!isRecord(block) || block.type !== 'text' || typeof block.text !== 'string') continue;
    const header = HEADER.exec(block.text);
    if (header) results.push({ tool: header[1]!, parts: [block.text] });
    else if (results.length > 0 && !isEnvironment(block.text)) results.at(-1)!.parts.push(block.text);
  }
  return results.map((result) => resultOf(result.tool, result.parts.filter((part, i) => i === 0 || part !== '').join('\n').replace(/^(.*\] Result:)\n/, '$1')));
}

/** The native results of a user message, by the tool_use they answer. */
export function nativeResults(blocks: readonly unknown[]): Map<string, ToolResultText> {
  const results = new Map<string, ToolResultText>();
  for (const block of blocks) {
    if (!isRecord(block) || block.type !== 'tool_result' || typeof block.tool_use_id !== 'string') continue;
    const raw = contentText(block.content);
    const tool = HEADER.exec(raw)?.[1] ?? '';
    const result = resultOf(tool, raw);
    results.set(block.tool_use_id, { ...result, isError: result.isError || block.is_error === true });
  }
  return results;
}
