import type { ContentBlockParam, MessageCreateParamsBase, MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import type { ConversationMessage } from '../model/loop';
import { toApiTool, type ApiToolDefinition } from '../tools/apiSchema';
import type { ToolPool } from '../tools/pool';

/** The tools one request offers the model. */
export interface LiveToolSet {
  /** Full definitions: every tool that is not deferred, and each deferred tool once ToolSearch loaded it. */
  tools: ApiToolDefinition[];
  /** Deferred tools not loaded yet: announced by name only. */
  deferred: string[];
}

/**
 * The model-facing tools of a pool as they stand now. Deferral is the project's own (ToolSearch
 * returns the definitions as text), so a deferred tool is announced by name in the system prompt
 * until it is discovered, and offered with its full schema from the next request on.
 */
export function liveToolSet(pool: ToolPool): LiveToolSet {
  const tools: ApiToolDefinition[] = [];
  const deferred: string[] = [];
  for (const tool of pool.tools) {
    if (pool.isUndiscovered(tool.name)) deferred.push(tool.name);
    else tools.push(toApiTool(tool));
  }
  return { tools, deferred };
}

/** The system prompt's note naming the deferred tools (only their names are sent). */
export function deferredToolsNote(names: readonly string[]): string {
  return [
    'These tools are deferred: only their names are known so far. Call ToolSearch with "select:NAME" (or keywords) to load a tool\'s definition, then call it.',
    '<available-deferred-tools>',
    ...names,
    '</available-deferred-tools>',
  ].join('\n');
}

/** What a request is made of, besides the conversation. */
export interface RequestSettings {
  model: string;
  maxTokens: number;
  system?: string;
}

/** The request body of one turn (without `stream`, which the caller sets). */
export function buildRequestBody(settings: RequestSettings, messages: readonly ConversationMessage[], toolSet: LiveToolSet): MessageCreateParamsBase {
  const system = [settings.system ?? '', toolSet.deferred.length > 0 ? deferredToolsNote(toolSet.deferred) : ''].filter((part) => part !== '').join('\n\n');
  return {
    model: settings.model,
    max_tokens: settings.maxTokens,
    messages: messages.map(toMessageParam),
    ...(system !== '' ? { system } : {}),
    ...(toolSet.tools.length > 0 ? { tools: toolSet.tools.map(toSdkTool) } : {}),
  };
}

/**
 * One conversation message in the API's shape. Tool results go as they are; an assistant's
 * empty text blocks are left out (the API refuses them) and a tool input that is not an object
 * (broken JSON the executor already answered with an error) is sent as `{}`.
 */
export function toMessageParam(message: ConversationMessage): MessageParam {
  if (message.role === 'user') {
    if (typeof message.content === 'string') return { role: 'user', content: message.content };
    return {
      role: 'user',
      content: message.content.map((result) => ({ type: 'tool_result', tool_use_id: result.tool_use_id, content: result.content, is_error: result.is_error })),
    };
  }
  const content: ContentBlockParam[] = [];
  for (const block of message.content) {
    if (block.type === 'text') {
      if (block.text !== '') content.push({ type: 'text', text: block.text });
    } else {
      const input = typeof block.input === 'object' && block.input !== null && !Array.isArray(block.input) ? block.input : {};
      content.push({ type: 'tool_use', id: block.id, name: block.name, input });
    }
  }
  return { role: 'assistant', content };
}

function toSdkTool(definition: ApiToolDefinition): Tool {
  return { name: definition.name, description: definition.description, input_schema: { ...definition.input_schema, type: 'object' } };
}
