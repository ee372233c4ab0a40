import type { OpenEntry } from './entries';
import type { LocatedError } from './scenarioText';
import type { UserScenario } from './storage';

/** A message above the editor; `undo` brings back a scenario the user just deleted. */
export interface Notice {
  id: number;
  tone: 'info' | 'error';
  text: string;
  undo?: { scenario: UserScenario; draft?: string };
}

/** The scenarios pane: what the editor holds and what the pane is telling the user. */
export interface PanelState {
  entry: OpenEntry;
  /** The editor's text; differs from `entry.text` while there are unsaved edits. */
  text: string;
  /** The text came back from a draft kept across a reload or a switch. */
  restored: boolean;
  mine: UserScenario[];
  /** Keys of entries with a kept draft, to mark them in the list. */
  drafts: string[];
  notices: Notice[];
  nextNotice: number;
  /** A refused import: every error, shown until dismissed. */
  importErrors?: { fileName: string; errors: LocatedError[] };
  /** The last share link made; `copied: false` shows it in a field to copy by hand. */
  share?: { url: string; copied: boolean };
}

export type PanelAction =
  | { type: 'open'; entry: OpenEntry; text: string }
  | { type: 'edit'; text: string }
  | { type: 'stored'; mine: UserScenario[]; drafts: string[] }
  | { type: 'notify'; tone: Notice['tone']; text: string; undo?: Notice['undo'] }
  | { type: 'dismiss'; id: number }
  | { type: 'import-failed'; fileName: string; errors: LocatedError[] }
  | { type: 'dismiss-import' }
  | { type: 'shared'; url: string; copied: boolean };

/** The pane as it opens: `notices` are what opening found (storage problems, URL problems, restored edits). */
export function initialPanelState(
  entry: OpenEntry,
  text: string,
  mine: UserScenario[],
  drafts: string[],
  notices: readonly Pick<Notice, 'tone' | 'text'>[],
): PanelState {
  return {
    entry,
    text,
    restored: text !== entry.text,
    mine,
    drafts,
    notices: notices.map((notice, id) => ({ id, tone: notice.tone, text: notice.text })),
    nextNotice: notices.length,
  };
}

/** Every change to the pane's state; storage, the clipboard and the app's callbacks run outside it. */
export function panelReducer(state: PanelState, action: PanelAction): PanelState {
  switch (action.type) {
    case 'open': {
      const { share: _share, ...rest } = state;
      return { ...rest, entry: action.entry, text: action.text, restored: action.text !== action.entry.text };
    }
    case 'edit': {
      if (action.text === state.text) return state;
      const { share: _share, ...rest } = state;
      return { ...rest, text: action.text, restored: state.restored && action.text !== state.entry.text };
    }
    case 'stored':
      return { ...state, mine: action.mine, drafts: action.drafts };
    case 'notify': {
      // The same message twice (a quota error on every keystroke) shows once.
      if (state.notices.some((n) => n.text === action.text && n.tone === action.tone && !n.undo)) return state;
      const notice: Notice = { id: state.nextNotice, tone: action.tone, text: action.text, ...(action.undo ? { undo: action.undo } : {}) };
      return { ...state, notices: [...state.notices, notice], nextNotice: state.nextNotice + 1 };
    }
    case 'dismiss':
      return { ...state, notices: state.notices.filter((n) => n.id !== action.id) };
    case 'import-failed':
      return { ...state, importErrors: { fileName: action.fileName, errors: action.errors } };
    case 'dismiss-import': {
      const { importErrors: _errors, ...rest } = state;
      return rest;
    }
    case 'shared':
      return { ...state, share: { url: action.url, copied: action.copied } };
    default: {
      const _exhaustive: never = action;
      return _exhaustive;
    }
  }
}
