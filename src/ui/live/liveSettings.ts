import * as z from 'zod';
import type { StorageLike } from '../scenarios/storage';

/** What `window.playground.startLive` and the Live panel take (the contract). */
export interface LiveOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  system?: string;
  prompt: string;
  maxTurns?: number;
}

/** The Live panel's fields that are kept between visits (in localStorage): everything but the key. */
export interface LiveForm {
  model: string;
  baseURL: string;
  system: string;
  prompt: string;
  maxTurns: number;
}

export const SETTINGS_STORAGE_NAME = 'tsp.live.settings';
export const DEFAULT_MODEL = 'claude-sonnet-4-5';
export const MAX_TURNS_LIMIT = 50;

export const DEFAULT_FORM: LiveForm = {
  model: DEFAULT_MODEL,
  baseURL: '',
  system: '',
  prompt: 'Read the files of this project, then tell me in two sentences what it does.',
  maxTurns: 8,
};

const formSchema = z.object({
  model: z.string(),
  baseURL: z.string(),
  system: z.string(),
  prompt: z.string(),
  maxTurns: z.int().min(1).max(MAX_TURNS_LIMIT),
});

/** The kept fields, or the defaults for any that are missing or unreadable (never throws). */
export function loadForm(storage: StorageLike | null): LiveForm {
  try {
    const text = storage?.getItem(SETTINGS_STORAGE_NAME);
    if (!text) return DEFAULT_FORM;
    const stored: unknown = JSON.parse(text);
    if (typeof stored !== 'object' || stored === null) return DEFAULT_FORM;
    const form: LiveForm = { ...DEFAULT_FORM };
    for (const [name, field] of Object.entries(formSchema.shape)) {
      const parsed = field.safeParse((stored as Record<string, unknown>)[name]);
      if (parsed.success) (form as unknown as Record<string, unknown>)[name] = parsed.data;
    }
    return form;
  } catch {
    return DEFAULT_FORM;
  }
}

/** Keeps the fields (not the key: a form has none) for the next visit. */
export function saveForm(storage: StorageLike | null, form: LiveForm): void {
  try {
    storage?.setItem(SETTINGS_STORAGE_NAME, JSON.stringify(formSchema.parse(form)));
  } catch {
    // Full or refused storage: the form still works for this visit.
  }
}

export interface LiveProblem {
  field: keyof LiveOptions;
  message: string;
}

/**
 * Checks what a live run is started with, naming each bad field, so a typo is said before any
 * request goes out. The options are what a test or the console passes: anything may be wrong.
 */
export function checkLiveOptions(options: unknown): { ok: true; options: LiveOptions } | { ok: false; problems: LiveProblem[] } {
  const problems: LiveProblem[] = [];
  if (typeof options !== 'object' || options === null) return { ok: false, problems: [{ field: 'prompt', message: 'startLive takes an object: { apiKey, model, prompt, baseURL?, system?, maxTurns? }' }] };
  const given = options as Record<string, unknown>;
  const text = (field: keyof LiveOptions, what: string, required: boolean): string | undefined => {
    const value = given[field];
    if (value === undefined || value === '') {
      if (required) problems.push({ field, message: `${what} is required` });
      return undefined;
    }
    if (typeof value !== 'string') {
      problems.push({ field, message: `${what} must be text, not ${typeof value}` });
      return undefined;
    }
    if (required && value.trim() === '') problems.push({ field, message: `${what} is required` });
    return value;
  };
  const apiKey = text('apiKey', 'the API key', true)?.trim();
  const model = text('model', 'the model', true)?.trim();
  const prompt = text('prompt', 'the message to the model', true);
  const system = text('system', 'the system prompt', false);
  const baseURL = text('baseURL', 'the base URL', false)?.trim();
  if (baseURL !== undefined && baseURL !== '') {
    let url: URL | undefined;
    try {
      url = new URL(baseURL);
    } catch {
      problems.push({ field: 'baseURL', message: `the base URL "${baseURL}" is not a URL (e.g. https://api.anthropic.com)` });
    }
    if (url && url.protocol !== 'https:' && url.protocol !== 'http:') problems.push({ field: 'baseURL', message: `the base URL must be http(s), not ${url.protocol}` });
  }
  const maxTurns = given.maxTurns;
  if (maxTurns !== undefined && !(Number.isInteger(maxTurns) && (maxTurns as number) >= 1 && (maxTurns as number) <= MAX_TURNS_LIMIT)) {
    problems.push({ field: 'maxTurns', message: `the turn limit must be a whole number from 1 to ${MAX_TURNS_LIMIT}, not ${JSON.stringify(maxTurns)}` });
  }
  for (const field of Object.keys(given)) {
    if (!['apiKey', 'baseURL', 'model', 'system', 'prompt', 'maxTurns'].includes(field)) problems.push({ field: field as keyof LiveOptions, message: `"${field}" is not an option of a live run` });
  }
  if (problems.length > 0 || apiKey === undefined || model === undefined || prompt === undefined) return { ok: false, problems };
  return {
    ok: true,
    options: {
      apiKey,
      model,
      prompt,
      ...(baseURL ? { baseURL } : {}),
      ...(system !== undefined && system.trim() !== '' ? { system } : {}),
      ...(maxTurns !== undefined ? { maxTurns: maxTurns as number } : {}),
    },
  };
}
