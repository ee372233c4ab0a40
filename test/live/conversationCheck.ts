/**
 * The Messages API's first rule for a conversation, as a fake checks it: every `tool_use` of an
 * assistant message has exactly one `tool_result` in the next (user) message, and that message
 * answers nothing else. Returns one line per violation, naming the message and the id.
 */
export function toolResultViolations(body: unknown): string[] {
  const messages = messagesOf(body);
  if (messages === null) return ['the request has no "messages" array'];
  const violations: string[] = [];
  messages.forEach((message, i) => {
    const previous = messages[i - 1];
    if (message.role === 'user' && (previous?.role !== 'assistant' || blocksOf(previous.content, 'tool_use').length === 0)) {
      for (const result of blocksOf(message.content, 'tool_result')) {
        violations.push(`messages[${i}]: tool_result for ${String(result.tool_use_id)}, but no tool_use of the message before asks for it`);
      }
    }
    const uses = message.role === 'assistant' ? blocksOf(message.content, 'tool_use') : [];
    if (uses.length === 0) return;
    const next = messages[i + 1];
    if (!next) {
      violations.push(`messages[${i}] asks for ${uses.length} tool(s) (${uses.map((use) => String(use.id)).join(', ')}) but no message with their results follows`);
      return;
    }
    if (next.role !== 'user') {
      violations.push(`messages[${i + 1}] should be the user's tool results for messages[${i}], but its role is ${String(next.role)}`);
      return;
    }
    const wanted = new Map(uses.map((use) => [String(use.id), String(use.name)]));
    const counts = new Map<string, number>();
    for (const result of blocksOf(next.content, 'tool_result')) {
      const id = String(result.tool_use_id);
      counts.set(id, (counts.get(id) ?? 0) + 1);
      if (!wanted.has(id)) violations.push(`messages[${i + 1}]: tool_result for ${id}, which messages[${i}] does not ask for`);
    }
    for (const [id, name] of wanted) {
      const count = counts.get(id) ?? 0;
      if (count === 0) violations.push(`messages[${i + 1}]: no tool_result for tool_use ${id} (${name}) of messages[${i}]`);
      else if (count > 1) violations.push(`messages[${i + 1}]: ${count} tool_results for tool_use ${id} (${name}); exactly one is allowed`);
    }
  });
  return violations;
}

interface LooseMessage {
  role: unknown;
  content: unknown;
}

interface LooseBlock {
  type: unknown;
  id?: unknown;
  name?: unknown;
  tool_use_id?: unknown;
}

function messagesOf(body: unknown): LooseMessage[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const messages = (body as { messages?: unknown }).messages;
  return Array.isArray(messages) ? (messages as LooseMessage[]) : null;
}

function blocksOf(content: unknown, type: string): LooseBlock[] {
  if (!Array.isArray(content)) return [];
  return (content as LooseBlock[]).filter((block) => typeof block === 'object' && block !== null && block.type === type);
}
