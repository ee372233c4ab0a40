import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CodePreview, LazyCodeEditor } from './lazyEditors';

describe('an editor before Monaco is wanted', () => {
  it('draws the text read-only with a number for each line, as one focusable box that names its file', () => {
    const html = renderToString(<CodePreview text={'one\ntwo\nthree'} path="src/a.ts" testId="code-editor" />);
    expect(html).toContain('>1\n2\n3</pre>');
    expect(html).toContain('one\ntwo\nthree');
    expect(html).toContain('tabindex="0"');
    expect(html).toContain('aria-readonly="true"');
    expect(html).toContain('Editor: src/a.ts');
  });

  it('is what LazyCodeEditor draws until a person reaches for an editor: nothing of Monaco is loaded', () => {
    const html = renderToString(<LazyCodeEditor value="x" language="typescript" path="a.ts" testId="code-editor" />);
    expect(html).toContain('data-state="preview"');
  });
});
