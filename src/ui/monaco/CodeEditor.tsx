import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { partLoaded } from '../controller/pageLoad';
import { editorFocus } from './demand';
import { EchoGuard } from './echoGuard';
import { jsonSchemas, monaco, shownLanguage, themeValue, wakeLanguageService } from './setupMonaco';
import { minimalReplacement } from './textEdit';
import type { CodeEditorProps } from './types';
import './editor.css';

type StandaloneEditor = monaco.editor.IStandaloneCodeEditor;

/**
 * A Monaco editor controlled by `value`. What the user types is reported through `onChange`; a
 * `value` that only echoes an older text of the user's (a parent that updates late) is ignored,
 * and a real change from outside is applied as the smallest edit, so the cursor stays put and
 * undo still works. Each `path` is its own model (undo stack, view state) while mounted.
 */
export function CodeEditor({ value, language, onChange, path, readOnly = false, jsonSchema, onValidate, testId }: CodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<StandaloneEditor | null>(null);
  const wayOut = useRef<KeyboardWayOut | null>(null);
  const guard = useRef(new EchoGuard());
  const applying = useRef(false);
  const instanceId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const uri = modelUri(path, language, instanceId);

  const emitChange = useEffectEvent((key: string, text: string) => {
    if (key !== uri) return; // the model is being switched; its text was already reported
    guard.current.noteEmitted(key, text);
    onChange?.(text);
  });
  const emitMarkers = useEffectEvent((model: monaco.editor.ITextModel) => {
    const markers = monaco.editor.getModelMarkers({ resource: model.uri });
    onValidate?.(markers.map((m) => ({ message: m.message, line: m.startLineNumber, column: m.startColumn })));
  });
  const currentValue = useEffectEvent(() => value);
  const currentLanguage = useEffectEvent(() => language);

  // The editor itself, once; the models it showed are disposed with it.
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const editor = monaco.editor.create(host, {
      model: null,
      theme: 'vs-dark',
      automaticLayout: true,
      fontFamily: themeValue('--font-mono', 'monospace'),
      fontSize: 12,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      tabSize: 2,
      fixedOverflowWidgets: true,
    });
    editorRef.current = editor;
    partLoaded('editor');
    const leaving = keyboardWayOut(editor, host);
    wayOut.current = leaving;
    const owned = new Set<monaco.editor.ITextModel>();
    const onModel = editor.onDidChangeModel(() => {
      const model = editor.getModel();
      if (model) owned.add(model);
    });
    const onContent = editor.onDidChangeModelContent(() => {
      const model = editor.getModel();
      if (!model || applying.current) return;
      wakeLanguageService(model.getLanguageId());
      emitChange(model.uri.toString(), model.getValue());
    });
    const onMarkers = monaco.editor.onDidChangeMarkers((uris) => {
      const model = editor.getModel();
      if (model && uris.some((u) => u.toString() === model.uri.toString())) emitMarkers(model);
    });
    return () => {
      leaving.dispose();
      wayOut.current = null;
      onModel.dispose();
      onContent.dispose();
      onMarkers.dispose();
      editor.setModel(null);
      editor.dispose();
      editorRef.current = null;
      for (const model of owned) {
        if (!model.isDisposed() && !monaco.editor.getEditors().some((e) => e.getModel() === model)) model.dispose();
      }
    };
  }, []);

  // The document: one model per URI, created with the current value; view state kept per model.
  const viewStates = useRef(new Map<string, monaco.editor.ICodeEditorViewState | null>());
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    const target = monaco.Uri.parse(uri);
    const model = monaco.editor.getModel(target) ?? monaco.editor.createModel(currentValue(), shownLanguage(currentLanguage()), target);
    const previous = editor.getModel();
    if (previous === model) return;
    if (previous) viewStates.current.set(previous.uri.toString(), editor.saveViewState());
    editor.setModel(model);
    const saved = viewStates.current.get(uri);
    if (saved) editor.restoreViewState(saved);
    emitMarkers(model);
  }, [uri]);

  // The person who asked for the editor (a click or Tab into its preview) is handed the focus, and
  // a click's caret where they clicked, once it has its document.
  const handFocus = useEffectEvent(() => {
    const editor = editorRef.current;
    const host = hostRef.current;
    const pending = host ? editorFocus.take(testId ?? 'editor', host) : undefined;
    if (!editor || !pending) return;
    if (pending.by === 'pointer') wayOut.current?.enteredByPointer();
    editor.focus();
    const position = pending.x !== undefined && pending.y !== undefined ? editor.getTargetAtClientPoint(pending.x, pending.y)?.position : null;
    if (position) editor.setPosition(position);
  });
  useEffect(() => handFocus(), []);

  // The controlled value.
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model || model.uri.toString() !== uri) return;
    const current = model.getValue();
    if (guard.current.classify(uri, value, current) !== 'apply') return;
    const edit = minimalReplacement(current, value);
    if (!edit) return;
    const range = monaco.Range.fromPositions(model.getPositionAt(edit.start), model.getPositionAt(edit.end));
    applying.current = true;
    try {
      model.pushStackElement();
      model.pushEditOperations(null, [{ range, text: edit.text, forceMoveMarkers: true }], () => null);
      model.pushStackElement();
    } finally {
      applying.current = false;
    }
  }, [value, uri]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model && model.getLanguageId() !== shownLanguage(language)) monaco.editor.setModelLanguage(model, shownLanguage(language));
  }, [language, uri]);

  // Monaco recomputes every option on any change (10 ms on two cores): a change comes in a task of
  // its own, not in the one that starts a run (the click's), which must stay under 50 ms
  // (docs/performance.md). The first, as the editor mounts, at once.
  const optionsSet = useRef(false);
  useEffect(() => {
    const apply = () => editorRef.current?.updateOptions({ readOnly, ariaLabel: `${path ? `Editor: ${path}` : 'Code editor'} (Escape, then Tab, leaves it)` });
    if (!optionsSet.current) {
      optionsSet.current = editorRef.current !== null;
      apply();
      return;
    }
    const timer = setTimeout(apply);
    return () => clearTimeout(timer);
  }, [readOnly, path]);

  const schemaUri = jsonSchema?.uri;
  const loadSchema = jsonSchema?.load;
  useEffect(() => {
    if (schemaUri === undefined || loadSchema === undefined) return;
    let mounted = true;
    void loadSchema().then(
      (schema) => mounted && jsonSchemas.set(instanceId, { uri: schemaUri, fileMatch: [uri], schema }),
      () => undefined, // offline before the schema was cached: the editor still edits, the scenario's own check still runs
    );
    return () => {
      mounted = false;
      jsonSchemas.remove(instanceId);
    };
  }, [instanceId, schemaUri, loadSchema, uri]);

  return <div ref={hostRef} className="code-editor" data-testid={testId} data-state="ready" />;
}

/**
 * The editor never traps the keyboard (design.md, The page): entered with Tab, Tab walks on
 * through it (Monaco's tab-focus mode); entered with a click, Tab indents until Escape, after
 * which Tab leaves.
 */
interface KeyboardWayOut {
  dispose(): void;
  /** The editor is entered as a click enters it (Tab indents), though the click was on its preview. */
  enteredByPointer(): void;
}

function keyboardWayOut(editor: StandaloneEditor, host: HTMLElement): KeyboardWayOut {
  let clicked = false;
  const onPointerDown = () => {
    clicked = true;
  };
  host.addEventListener('pointerdown', onPointerDown, true);
  const onFocus = editor.onDidFocusEditorText(() => editor.updateOptions({ tabFocusMode: !clicked }));
  const onBlur = editor.onDidBlurEditorText(() => {
    clicked = false;
  });
  const onKey = editor.onKeyDown((event) => {
    if (event.keyCode === monaco.KeyCode.Escape) editor.updateOptions({ tabFocusMode: true });
  });
  return {
    enteredByPointer: onPointerDown,
    dispose: () => {
      host.removeEventListener('pointerdown', onPointerDown, true);
      onFocus.dispose();
      onBlur.dispose();
      onKey.dispose();
    },
  };
}

const EXTENSION_OF: Record<string, string> = {
  typescript: '.ts',
  javascript: '.js',
  json: '.json',
  markdown: '.md',
  python: '.py',
  css: '.css',
  html: '.html',
  shell: '.sh',
};

/** A file path becomes a `file:///` URI (so language services see its name); other URIs pass through. */
function modelUri(path: string | undefined, language: string, instanceId: string): string {
  if (path === undefined || path === '') {
    return `inmemory://code-editor/${instanceId}${EXTENSION_OF[language] ?? '.txt'}`;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) && !/^[a-z]:[\\/]/i.test(path)) return monaco.Uri.parse(path).toString();
  return monaco.Uri.file(path.startsWith('/') ? path : `/${path}`).toString();
}
