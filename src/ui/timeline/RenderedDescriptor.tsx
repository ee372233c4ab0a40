import type { RenderDescriptor } from '../../tools/types';
import { truncateBlock } from './callText';

const BODY_CHARS = 4000;

function diffClass(line: string): string {
  if (line.startsWith('+')) return 'rd-add';
  if (line.startsWith('-')) return 'rd-del';
  if (line.startsWith('@@')) return 'rd-hunk';
  return '';
}

/** A descriptor's body, monospaced for code and diff, cut to a readable length. */
export function DescriptorBody({ descriptor }: { descriptor: RenderDescriptor }) {
  if (descriptor.body === undefined || descriptor.body === '') return null;
  const text = truncateBlock(descriptor.body, BODY_CHARS);
  switch (descriptor.format ?? 'text') {
    case 'code':
      return (
        // A long output scrolls: focusable, so the keyboard can scroll it too.
        <pre className="rd-body rd-code" tabIndex={0}>
          <code>{text}</code>
        </pre>
      );
    case 'diff':
      return (
        <pre className="rd-body rd-code rd-diff" tabIndex={0}>
          <code>
            {text.split('\n').map((line, i) => (
              <span key={i} className={diffClass(line)}>
                {line}
                {'\n'}
              </span>
            ))}
          </code>
        </pre>
      );
    case 'markdown':
    case 'text':
      return (
        <p className="rd-body rd-text" tabIndex={0}>
          {text}
        </p>
      );
  }
}

/** A render descriptor: title and summary on one line, then the body, in its tone. */
export function RenderedDescriptor({ descriptor, showTitle = true }: { descriptor: RenderDescriptor; showTitle?: boolean }) {
  return (
    <div className={`rd rd--${descriptor.tone ?? 'neutral'}`}>
      {(showTitle || descriptor.summary) && (
        <div className="rd-line">
          {showTitle && <span className="rd-title">{descriptor.title}</span>}
          {descriptor.summary && <span className="rd-summary">{descriptor.summary}</span>}
        </div>
      )}
      <DescriptorBody descriptor={descriptor} />
    </div>
  );
}
