/**
 * One-time Monaco setup, run when this module is first evaluated (only through the lazy wrappers in
 * `index.ts`, so none of Monaco lands in the page's first bundle):
 * - workers come from this bundle (`?worker`), same origin, so they load offline and under
 *   `Cross-Origin-Embedder-Policy: require-corp`;
 * - `@monaco-editor/react` is pointed at this local copy instead of its default CDN loader;
 * - only the editor API, its features and the languages the playground shows are bundled
 *   (the package root would pull in every language).
 */
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/typescript/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/markdown/register';
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/css/register';
import 'monaco-editor/languages/definitions/html/register';
import 'monaco-editor/languages/definitions/shell/register';
import 'monaco-editor/languages/features/css/register';
import 'monaco-editor/languages/features/html/register';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { javascriptDefaults, typescriptDefaults } from 'monaco-editor/languages/features/typescript/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import CssWorker from 'monaco-editor/languages/features/css/css.worker?worker';
import HtmlWorker from 'monaco-editor/languages/features/html/html.worker?worker';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';
import { createJsonSchemaRegistry } from './jsonSchemaRegistry';

function workerFor(label: string): Worker {
  switch (label) {
    case 'json':
      return new JsonWorker();
    case 'css':
    case 'scss':
    case 'less':
      return new CssWorker();
    case 'html':
    case 'handlebars':
    case 'razor':
      return new HtmlWorker();
    case 'typescript':
    case 'javascript':
      return new TsWorker();
    default:
      return new EditorWorker();
  }
}

self.MonacoEnvironment = { getWorker: (_workerId, label) => workerFor(label) };
loader.config({ monaco });

// Workspace files import packages that are not in the editor's world ("Cannot find module"):
// keep syntax errors, drop the semantic noise. Without semantic checks the standard library's
// declarations serve nothing but completions, and parsing them kept the TypeScript worker busy on
// one of two cores during the first run after load (docs/performance.md): it is not loaded.
for (const defaults of [typescriptDefaults, javascriptDefaults]) {
  defaults.setDiagnosticsOptions({ noSemanticValidation: true, noSyntaxValidation: false });
  defaults.setCompilerOptions({ ...defaults.getCompilerOptions(), noLib: true });
}

/**
 * A language's worker starts when Monaco first asks it something. Left alone, Monaco asks at once
 * for every file it holds (diagnostics, the outline that sticky scroll reads, colours, folding,
 * inlay hints, the lightbulb's quick fixes): the TypeScript worker is the whole compiler (7 MB),
 * and starting it and the JSON worker cost every page load a fifth of its CPU (docs/performance.md),
 * for checks of files most visitors only read. So a file waits for its first edit:
 * - a TypeScript or JavaScript file is shown under a language of its own (`typescript-read`), the
 *   same colours by the same tokenizer and nothing else; edited, it becomes `typescript`, which
 *   loads the language service (`shownLanguage`, `wakeLanguageService`);
 * - JSON registers, until its first edit, only what a person asks for (hover, completion), each
 *   starting the worker when asked; the rest follows the first edit.
 */
const READ_ONLY_SUFFIX = '-read';
const TOKENIZERS: Partial<Record<string, () => Promise<{ conf: monaco.languages.LanguageConfiguration; language: monaco.languages.IMonarchLanguage }>>> = {
  typescript: () => import('monaco-editor/languages/definitions/typescript/typescript'),
  javascript: () => import('monaco-editor/languages/definitions/javascript/javascript'),
};
for (const [language, load] of Object.entries(TOKENIZERS)) {
  const id = `${language}${READ_ONLY_SUFFIX}`;
  monaco.languages.register({ id });
  monaco.languages.registerTokensProviderFactory(id, { create: async () => (await load!()).language });
  monaco.languages.onLanguageEncountered(id, () => void load!().then((module) => monaco.languages.setLanguageConfiguration(id, module.conf)));
}
let scriptsAwake = false;

/** The language a file in `language` is shown under: TypeScript and JavaScript read-only until one is edited. */
export function shownLanguage(language: string): string {
  return !scriptsAwake && TOKENIZERS[language] ? `${language}${READ_ONLY_SUFFIX}` : language;
}

const jsonFull = jsonDefaults.modeConfiguration;
jsonDefaults.setModeConfiguration({ ...jsonFull, diagnostics: false, documentSymbols: false, colors: false, foldingRanges: false });
let jsonAwake = false;

/** After the first edit of a file shown under `language`: its language service runs in full (once for each). */
export function wakeLanguageService(language: string): void {
  if (language === 'json' && !jsonAwake) {
    jsonAwake = true;
    jsonDefaults.setModeConfiguration(jsonFull);
  }
  if (!scriptsAwake && language.endsWith(READ_ONLY_SUFFIX)) {
    scriptsAwake = true;
    for (const model of monaco.editor.getModels()) {
      const shown = model.getLanguageId();
      if (shown.endsWith(READ_ONLY_SUFFIX)) monaco.editor.setModelLanguage(model, shown.slice(0, -READ_ONLY_SUFFIX.length));
    }
  }
}

/** The JSON schemas of every mounted editor with a `jsonSchema`. */
export const jsonSchemas = createJsonSchemaRegistry((schemas) => {
  jsonDefaults.setDiagnosticsOptions({
    ...jsonDefaults.diagnosticsOptions,
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemas,
  });
});

/** The CSS variable's value, for Monaco options that take a literal (font family). */
export function themeValue(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

export { monaco };
