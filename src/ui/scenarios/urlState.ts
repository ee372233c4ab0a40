import { STRATEGIES, type Strategy } from '../../tools/events';
import { findJsonSyntaxError } from '../../scenarios/jsonSyntax';
import { BUILT_IN_IDS } from './library';

/** The scenario a `#s=` link carries: its JSON text, or why it cannot be read. */
export type SharedScenario = { ok: true; json: string } | { ok: false; error: string };

/**
 * What the page URL asks for. `/?scenario=ID` opens a built-in scenario, `/#s=DATA` a shared one
 * (DATA is the JSON through lz-string's `compressToEncodedURIComponent`); `autorun=1`,
 * `strategy=NAME`, `t=MS` and `predict=1|hide` may sit in the query or, with a shared scenario, in the hash.
 */
export interface UrlState {
  scenarioId?: string;
  /** The `#s=` data as the link holds it; `readShared` unpacks it (lz-string loads then, not with the page). */
  shared?: { data: string };
  autorun: boolean;
  strategy?: Strategy;
  /** A time position in ms, for scrubbing to a moment of the run. */
  t?: number;
  /** `predict=1` opens the prediction tab; `predict=hide` also hides the lesson's answer until a run ended (a classroom link). */
  predict?: 'open' | 'hide';
  /** `watch`: follow the session `npm run watch` serves, live. */
  watch: boolean;
  /** What the URL asked for that cannot be honoured, in words for the page to show. */
  problems: string[];
}

/** The parts of `window.location` the URL contract uses. */
export interface UrlLocation {
  search: string;
  hash: string;
}

/** Where a link points besides the scenario: run at once, with which strategy, from when. */
export interface LinkOptions {
  autorun?: boolean;
  strategy?: Strategy;
  t?: number;
  predict?: 'open' | 'hide';
}

const CUT_SHORT = 'The link may have been cut short when it was copied; ask for the whole link again.';

/**
 * Reads the URL contract from a location. Never throws: an unknown scenario id or strategy or a bad
 * `t` becomes a problem, and the rest still applies (a corrupt `#s=` is `readShared`'s to say).
 * `knownIds` are the ids `?scenario=` may name (the built-in ones unless told).
 */
export function parseUrl(location: UrlLocation, knownIds: readonly string[] = BUILT_IN_IDS): UrlState {
  const params = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(location.search)) if (!params.has(name)) params.set(name, value);
  // The hash is split by hand: URLSearchParams would read the `+` of lz-string's alphabet as a space.
  for (const [name, value] of hashParams(location.hash)) params.set(name, value);

  const state: UrlState = { autorun: false, watch: params.has('watch'), problems: [] };

  const data = params.get('s');
  if (data !== undefined) state.shared = { data };
  const id = params.get('scenario');
  if (id !== undefined) {
    if (state.shared) state.problems.push(`The link names both a shared scenario and the built-in "${id}"; the shared one opens.`);
    else if (knownIds.includes(id)) state.scenarioId = id;
    else state.problems.push(`The link asks for the scenario "${id}", but no built-in scenario has that id; pick one from the library.`);
  }

  const autorun = params.get('autorun');
  if (autorun !== undefined) {
    if (['1', 'true', ''].includes(autorun)) state.autorun = true;
    else if (!['0', 'false'].includes(autorun)) state.problems.push(`"autorun=${autorun}" in the link is not understood; write "autorun=1" to start the run at once.`);
  }

  const strategy = params.get('strategy');
  if (strategy !== undefined) {
    const known = STRATEGIES.find((name) => name === strategy);
    if (known) state.strategy = known;
    else state.problems.push(`The link asks for the strategy "${strategy}", which does not exist; the strategies are ${STRATEGIES.join(', ')}.`);
  }

  const t = params.get('t');
  if (t !== undefined) {
    const ms = /^\d+(?:\.\d+)?$/.test(t) ? Number(t) : NaN;
    if (Number.isFinite(ms)) state.t = ms;
    else state.problems.push(`"t=${t}" in the link is not a time; write it as milliseconds from the run's start, e.g. "t=1500".`);
  }

  const predict = params.get('predict');
  if (predict !== undefined) {
    if (['1', 'true', ''].includes(predict)) state.predict = 'open';
    else if (predict === 'hide') state.predict = 'hide';
    else state.problems.push(`"predict=${predict}" in the link is not understood; write "predict=1" to predict before the run, or "predict=hide" to hide the answer until it.`);
  }
  return state;
}

/**
 * A link that carries the scenario itself: `BASE#s=DATA` plus the options. The JSON is minified
 * first when it parses, which keeps the link short. `base` is an absolute URL (the page's own);
 * its query and hash are dropped.
 */
export async function shareUrl(base: string, scenarioJson: string, options: LinkOptions = {}): Promise<string> {
  const { compressToEncodedURIComponent } = await import('lz-string');
  let json = scenarioJson;
  try {
    json = JSON.stringify(JSON.parse(scenarioJson));
  } catch {
    // Not JSON: share the text as written; the receiving page reports where it breaks.
  }
  const parts = [`s=${compressToEncodedURIComponent(json)}`, ...optionParams(options).map(([name, value]) => `${name}=${value}`)];
  return `${bare(base)}#${parts.join('&')}`;
}

/** A link to a built-in scenario: `BASE?scenario=ID` plus the options. */
export function builtInUrl(base: string, id: string, options: LinkOptions = {}): string {
  const search = new URLSearchParams([['scenario', id], ...optionParams(options)]);
  return `${bare(base)}?${search.toString()}`;
}

function bare(base: string): string {
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  return url.href;
}

function optionParams(options: LinkOptions): [string, string][] {
  const params: [string, string][] = [];
  if (options.autorun) params.push(['autorun', '1']);
  if (options.strategy) params.push(['strategy', options.strategy]);
  if (options.t !== undefined) params.push(['t', String(Math.max(0, Math.round(options.t)))]);
  if (options.predict) params.push(['predict', options.predict === 'hide' ? 'hide' : '1']);
  return params;
}

function hashParams(hash: string): [string, string][] {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!body.includes('=')) return []; // a plain anchor such as `#timeline`
  return body
    .split('&')
    .filter((part) => part.includes('='))
    .map((part) => {
      const at = part.indexOf('=');
      return [decode(part.slice(0, at)), decode(part.slice(at + 1))];
    });
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The scenario a `#s=` link's data carries, or why it cannot be read. Never throws (a failed load of lz-string aside). */
export async function readShared(data: string): Promise<SharedScenario> {
  const { decompressFromEncodedURIComponent } = await import('lz-string');
  if (data.trim() === '') return { ok: false, error: 'The link’s shared scenario (#s=) is empty.' };
  let json: string | null;
  try {
    json = decompressFromEncodedURIComponent(data);
  } catch {
    json = null;
  }
  if (!json) return { ok: false, error: `The shared scenario in this link is corrupt: its data (#s=…) could not be decompressed. ${CUT_SHORT}` };
  const syntax = findJsonSyntaxError(json);
  if (syntax) {
    return {
      ok: false,
      error: `The shared scenario in this link is corrupt: it unpacks to text that is not JSON (line ${syntax.line}, column ${syntax.column}: ${syntax.message}). ${CUT_SHORT}`,
    };
  }
  return { ok: true, json };
}
