/**
 * What `npm run watch` sends the page while a session is written: server-sent events at
 * {@link SESSION_EVENTS_PATH}, each one's data a {@link TailedLines} as JSON. The command line
 * (src/cli/watchServer.ts) writes it and the page (src/ui/sessions/SessionWatch.tsx) reads it.
 */

/** Where the watch server streams the session log. */
export const SESSION_EVENTS_PATH = '/__session/events';

/** New complete lines of one file of a session: its main log or a sub-agent's. */
export interface TailedLines {
  /** `SESSION.jsonl`, or `subagents/agent-ID.jsonl` for a sub-agent's log. */
  readonly file: string;
  readonly lines: readonly string[];
  /** The file shrank (rewritten from the start): what was sent of it before no longer holds. */
  readonly reset?: boolean;
}
