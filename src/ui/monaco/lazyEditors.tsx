import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { CodeEditorProps, DiffEditorProps } from './types';
import './editor.css';

// Each import evaluates setupMonaco first (workers, loader, languages), once.
const CodeEditor = lazy(() => import('./CodeEditor').then((m) => ({ default: m.CodeEditor })));
const DiffEditor = lazy(() => import('./DiffEditor').then((m) => ({ default: m.DiffEditor })));

/** `CodeEditor`, loaded on first render; shows the text read-only until Monaco is there. */
export function LazyCodeEditor(props: CodeEditorProps) {
  const fallback = <EditorFallback text={props.value} testId={props.testId} />;
  return (
    <EditorLoadBoundary fallback={(message) => <EditorFallback text={props.value} testId={props.testId} error={message} />}>
      <Suspense fallback={fallback}>
        <CodeEditor {...props} />
      </Suspense>
    </EditorLoadBoundary>
  );
}

/** `DiffEditor`, loaded on first render; shows the new text until Monaco is there. */
export function LazyDiffEditor(props: DiffEditorProps) {
  return (
    <EditorLoadBoundary fallback={(message) => <EditorFallback text={props.modified} testId={props.testId} error={message} />}>
      <Suspense fallback={<EditorFallback text={props.modified} testId={props.testId} />}>
        <DiffEditor {...props} />
      </Suspense>
    </EditorLoadBoundary>
  );
}

/** The text, read-only, while the editor loads (or when it could not). */
export function EditorFallback({ text, testId, error }: { text: string; testId?: string; error?: string }) {
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
