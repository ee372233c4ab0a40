import { splitInlineCode } from './inlineCode';

/** A scenario's Markdown-ish description: `code spans` as <code>, the rest as plain text. */
export function Description({ text, id, className }: { text: string; id?: string; className?: string }) {
  return (
    <p id={id} className={className}>
      {splitInlineCode(text).map((part, index) => (part.code ? <code key={index}>{part.text}</code> : <span key={index}>{part.text}</span>))}
    </p>
  );
}
