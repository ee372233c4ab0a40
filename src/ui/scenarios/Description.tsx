import { Markdown } from '../text';

/** A scenario's description: its Markdown drawn as elements (code, strong, emphasis, links, lists). */
export function Description({ text, id, className }: { text: string; id?: string; className?: string }) {
  return <Markdown text={text} {...(id !== undefined ? { id } : {})} {...(className !== undefined ? { className } : {})} />;
}
