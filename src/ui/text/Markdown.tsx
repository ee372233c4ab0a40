import { Fragment, useMemo, type ReactNode } from 'react';
import { parseInline, parseMarkdown, type Inline } from './markdown';

function renderInline(parts: readonly Inline[]): ReactNode[] {
  return parts.map((part, index) => {
    switch (part.kind) {
      case 'text':
        return <Fragment key={index}>{part.text}</Fragment>;
      case 'code':
        return <code key={index}>{part.text}</code>;
      case 'strong':
        return <strong key={index}>{renderInline(part.children)}</strong>;
      case 'em':
        return <em key={index}>{renderInline(part.children)}</em>;
      case 'link':
        return (
          <a key={index} href={part.href} target="_blank" rel="noreferrer noopener">
            {renderInline(part.children)}
          </a>
        );
    }
  });
}

/** One line of lesson Markdown drawn inline (code, strong, emphasis, links), for titles and list entries. */
export function InlineMarkdown({ text }: { text: string }) {
  const parts = useMemo(() => parseInline(text), [text]);
  return <>{renderInline(parts)}</>;
}

/**
 * Lesson Markdown drawn as elements (no HTML is ever injected). One paragraph is drawn in a `<p>`
 * with `id` and `className`; several, or lists, in a `<div>` holding them.
 */
export function Markdown({ text, id, className, testId }: { text: string; id?: string; className?: string; testId?: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  const only = blocks.length === 1 ? blocks[0] : undefined;
  if (only?.kind === 'paragraph' || blocks.length === 0) {
    return (
      <p id={id} className={className} data-testid={testId}>
        {only?.kind === 'paragraph' ? renderInline(only.children) : null}
      </p>
    );
  }
  return (
    <div id={id} className={className} data-testid={testId}>
      {blocks.map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>{renderInline(block.children)}</p>
        ) : block.ordered ? (
          <ol key={index}>
            {block.items.map((item, i) => (
              <li key={i}>{renderInline(item)}</li>
            ))}
          </ol>
        ) : (
          <ul key={index}>
            {block.items.map((item, i) => (
              <li key={i}>{renderInline(item)}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
