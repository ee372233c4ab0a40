import { useEffect, useRef } from 'react';
import { monaco, shownLanguage, themeValue } from './setupMonaco';
import type { DiffEditorProps } from './types';
import './editor.css';

/**
 * Monaco's diff editor, read-only, before → after. It owns its two models and detaches them
 * before disposing them (disposing a model still shown by a diff widget is reported as a bug).
 */
export function DiffEditor({ original, modified, language, testId }: DiffEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const modelsRef = useRef<{ original: monaco.editor.ITextModel; modified: monaco.editor.ITextModel } | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const diff = monaco.editor.createDiffEditor(host, {
      theme: 'vs-dark',
      automaticLayout: true,
      readOnly: true,
      originalEditable: false,
      renderSideBySide: true,
      useInlineViewWhenSpaceIsLimited: true,
      fontFamily: themeValue('--font-mono', 'monospace'),
      fontSize: 12,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      ariaLabel: 'Diff: before and after',
      originalAriaLabel: 'Before',
      modifiedAriaLabel: 'After',
    });
    const models = {
      original: monaco.editor.createModel('', 'plaintext'),
      modified: monaco.editor.createModel('', 'plaintext'),
    };
    diff.setModel(models);
    modelsRef.current = models;
    return () => {
      modelsRef.current = null;
      diff.setModel(null);
      diff.dispose();
      models.original.dispose();
      models.modified.dispose();
    };
  }, []);

  useEffect(() => {
    const models = modelsRef.current;
    if (!models) return;
    if (models.original.getValue() !== original) models.original.setValue(original);
    if (models.modified.getValue() !== modified) models.modified.setValue(modified);
  }, [original, modified]);

  useEffect(() => {
    const models = modelsRef.current;
    if (!models) return;
    // Read-only: a TypeScript diff is coloured without starting the compiler (setupMonaco.ts).
    monaco.editor.setModelLanguage(models.original, shownLanguage(language));
    monaco.editor.setModelLanguage(models.modified, shownLanguage(language));
  }, [language]);

  return <div ref={hostRef} className="code-editor" data-testid={testId} data-state="ready" />;
}
