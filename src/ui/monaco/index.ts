/**
 * The Monaco editors, loaded lazily: importing this module costs a few hundred bytes; Monaco, its
 * workers and languages arrive in separate chunks on the first render of an editor.
 */
export { LazyCodeEditor, LazyDiffEditor, EditorFallback } from './lazyEditors';
export type { CodeEditorProps, DiffEditorProps, EditorMarker } from './types';
