/**
 * The terminal pane. This module is light: xterm.js loads with the first `LazyTerminal`.
 * The feed and the event writer are plain functions the app can use without any terminal shown;
 * `TerminalPane` wires them (and a shell into the current sandbox) to the page's store.
 */
export { LazyTerminal } from './lazyTerminal';
export { TerminalPane } from './TerminalPane';
export { useTerminalFeed } from './useTerminalFeed';
export { useSandboxShell } from './useSandboxShell';
export type { TerminalProps } from './Terminal';
export { createTerminalFeed, toCrlf, ANSI, type TerminalFeed } from './terminalFeed';
export { createBashFeedWriter, type BashDisplay } from './bashFeedFromEvents';
