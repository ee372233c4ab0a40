import type { BlobResourceContents, ContentBlock, TextResourceContents } from '@modelcontextprotocol/sdk/types.js';

/**
 * The text the model gets for a tool result's content: text parts as they are, the other parts
 * (images, audio, resources, links) described in one line each, since the result is a string.
 */
export function textOfToolContent(parts: readonly ContentBlock[]): string {
  return parts.map(describePart).join('\n');
}

/** The text of a resource read: text contents as they are, binary contents described. */
export function textOfResourceContents(contents: readonly (TextResourceContents | BlobResourceContents)[]): string {
  return contents.map(describeResourceContents).join('\n\n');
}

function describePart(part: ContentBlock): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'image':
      return `[image: ${part.mimeType}, ${base64Bytes(part.data)} bytes]`;
    case 'audio':
      return `[audio: ${part.mimeType}, ${base64Bytes(part.data)} bytes]`;
    case 'resource':
      return describeResourceContents(part.resource);
    case 'resource_link':
      return `[resource link: ${part.uri}${part.name ? ` (${part.name})` : ''}${part.mimeType ? `, ${part.mimeType}` : ''}]`;
    default: {
      const exhaustive: never = part;
      return JSON.stringify(exhaustive);
    }
  }
}

function describeResourceContents(contents: TextResourceContents | BlobResourceContents): string {
  if ('text' in contents) return `[resource: ${contents.uri}]\n${contents.text}`;
  return `[resource: ${contents.uri}, ${contents.mimeType ?? 'binary'}, ${base64Bytes(contents.blob)} bytes]`;
}

/** The decoded size of base64 data, without decoding it. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}
