/** A file of a session: the main log (`<session>.jsonl`) or a sub-agent's (`subagents/agent-<id>.jsonl`). */
export interface LogFile {
  readonly name: string;
  readonly text: string;
}

/** Whether a file name is a 2.1.x sub-agent's log. */
export function isSubAgentFile(name: string): boolean {
  return /(^|\/)agent-[^/]*\.jsonl$/.test(name);
}
