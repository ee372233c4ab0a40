import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { previewEntries, useWanted } from '../onDemand';
import { editorFocus, monacoDemand } from './demand';
import type { CodeEditorProps, DiffEditorProps } from './types';
import './editor.css';

// Each import evaluates setupMonaco first (workers, loader, languages), once.
const CodeEditor = lazy(() => import('./CodeEditor').then((m) => ({ default: m.CodeEditor })));
const DiffEditor = lazy(() => import('./DiffEditor').then((m) => ({ default: m.DiffEditor })));

/**
 * `CodeEditor`, loaded when a person first reaches for an editor (a pointer over it, a click,
 * focus, a key): until then the text is drawn read-only by {@link CodePreview}, and Monaco (4 MB of
 * script and its workers, most of a page load's CPU) is not loaded at all.
 */
export function LazyCodeEditor(props: CodeEditorProps) {
  const wanted = useWanted(monacoDemand);
  const preview = <CodePreview text={props.value} path={props.path} testId={props.testId} />;
  // Wanted, the preview stays (useWanted's transition) until Monaco can draw.
  return (
    <EditorLoadBoundary fallback={(message) => <EditorFallback text={props.value} testId={props.testId} error={message} />}>
      <Suspense fallback={preview}>{wanted ? <CodeEditor {...props} /> : preview}</Suspense>
    </EditorLoadBoundary>
  );
}

/** `DiffEditor`, loaded on first render (a diff is asked for); shows the new text until Monaco is there. */
export function LazyDiffEditor(props: DiffEditorProps) {
  // Monaco is coming for the diff: the page's other editors become Monaco with it.
  useEffect(() => monacoDemand.want(), []);
  return (
    <EditorLoadBoundary fallback={(message) => <EditorFallback text={props.modified} testId={props.testId} error={message} />}>
      <Suspense fallback={<EditorFallback text={props.modified} testId={props.testId} />}>
        <DiffEditor {...props} />
      </Suspense>
    </EditorLoadBoundary>
  );
}

/**
 * A file's text as the editor would show it, before Monaco is wanted: line numbers and the text,
 * read-only, one focusable box. Any way in asks for Monaco, which then takes the focus (and a
 * click's caret) if the person is still there.
 */
export function CodePreview({ text, path, testId }: { text: string; path?: string | undefined; testId?: string | undefined }) {
  const numbers = lineNumbers(text);
  return (
    <div
      className="code-editor-preview"
      data-testid={testId}
      data-state="preview"
      role="textbox"
      aria-readonly
      aria-multiline
      aria-label={`${path ? `Editor: ${path}` : 'Code editor'} (the editor loads when you enter it)`}
      tabIndex={0}
      {...previewEntries(monacoDemand, editorFocus, testId ?? 'editor')}
    >
      <pre className="code-editor-preview-lines" aria-hidden>
        {numbers}
      </pre>
      <pre className="code-editor-preview-text">{text}</pre>
    </div>
  );
}

/** `1\n2\n…`, one number a line of `text`, as one text node (a long file costs one node, not one a line). */
function lineNumbers(text: string): string {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return Array.from({ length: lines }, (_, index) => String(index + 1)).join('\n');
}

/** The text, read-only, while the diff editor loads (or when an editor could not). */
export function EditorFallback({ text, testId, error }: { text: string; testId?: string | undefined; error?: string }) {
  return (
    <pre className="code-editor-fallback" data-testid={testId} data-state={error ? 'error' : 'loading'} aria-busy={!error}>
      <span className="code-editor-status" {...(error ? { 'data-error': '' } : {})} role="status">
        {error ? `The editor could not load (${error}); showing the text read-only.` : 'Loading editor…'}
      </span>
      {text}
    </pre>
  );
}

interface BoundaryProps {
  fallback: (message: string) => ReactNode;
  children: ReactNode;
}

/** Catches a failed chunk load so the page keeps the text instead of going blank. */
class EditorLoadBoundary extends Component<BoundaryProps, { message: string | null }> {
  override state = { message: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    return this.state.message === null ? this.props.children : this.props.fallback(this.state.message);
  }
}
