/** A file of a session: the main log (`<session>.jsonl`) or a sub-agent's (`subagents/agent-<id>.jsonl`). */
export interface LogFile {
  readonly name: string;
  readonly text: string;
}

/** Whether a file name is a 2.1.x sub-agent's log. */
export function isSubAgentFile(name: string): boolean {
  return /(^|\/)agent-[^/]*\.jsonl$/.test(name);
}

/**
 * Whether the first bytes of a `.json` file open a session log that is one JSON document: a Gemini
 * CLI chat (a session id and its project's hash) or an OpenCode export (a session `info` with an
 * id "ses_…"). The command line's folder search and the page's drop both tell such a file by this;
 * the importer then reads it whole.
 */
export function opensSessionDocument(head: string): boolean {
  return (/"sessionId"\s*:/.test(head) && /"projectHash"\s*:/.test(head)) || /^\s*\{\s*"info"\s*:\s*\{\s*"id"\s*:\s*"ses_/.test(head);
}
