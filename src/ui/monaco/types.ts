/** A problem Monaco reports in the editor's model (from the JSON schema or a language service). */
export interface EditorMarker {
  message: string;
  line: number;
  column: number;
}

/** Props of `LazyCodeEditor` (and the `CodeEditor` it loads). */
export interface CodeEditorProps {
  value: string;
  /** A Monaco language id (`languageOf` maps a file name to one). */
  language: string;
  onChange?: (value: string) => void;
  /** Names the document: one Monaco model per path, keeping its undo stack and view state. */
  path?: string;
  readOnly?: boolean;
  /**
   * Validates (and completes) JSON against this schema, loaded when the editor mounts: a schema
   * is large (the scenario's is 38 KB) and no part of the first screen.
   */
  jsonSchema?: { uri: string; load: () => Promise<unknown> };
  onValidate?: (markers: EditorMarker[]) => void;
  testId?: string;
}

/** Props of `LazyDiffEditor`: a read-only before → after view. */
export interface DiffEditorProps {
  original: string;
  modified: string;
  language: string;
  testId?: string;
}
