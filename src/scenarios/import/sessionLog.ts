import { kindOfToolName } from '../../tools/builtInKinds';
import type { LogProblem } from './logLines';

/** One content block of a response, when its line was written (when it finished streaming). */
export interface LoggedBlock {
  readonly kind: 'text' | 'thinking' | 'tool_use';
  readonly text: string;
  /** Tool blocks: the call. */
  readonly callId?: string;
  readonly at: number;
  readonly line: number;
}

/** One model response: the lines sharing a `message.id`, in the order they were written. */
export interface LoggedResponse {
  readonly messageId: string;
  readonly blocks: LoggedBlock[];
}

/** One tool call, with what the log tells of its run. */
export interface LoggedCall {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  /** When its block closed. */
  readonly closedAt: number;
  /**
   * When the agent started it (took it from its queue), where the log itself witnesses that: the
   * agent's own start event, or the first line of a PreToolUse hook it ran. Where the log has no
   * such witness the importer infers the start from the agent's rules (`callStarts.ts`).
   */
  startedAt?: number;
  /** What witnessed `startedAt`: a hook the agent ran as the call started (its tool ran after it), or the agent's own start event. */
  startedBy?: 'hook' | 'event';
  /** How long the call ran on after its tool returned (its PostToolUse hooks), where the log shows it. */
  hookedMs?: number;
  /**
   * When the tool itself began to run, after the hooks and any permission prompt before it, where
   * the log bounds it: between `earliest` and `latest` (equal when the log says it to the
   * millisecond: an MCP call's "started" progress, Bash's first progress line in the versions that
   * write it exactly two seconds in).
   */
  ranAt?: { earliest: number; latest: number };
  /**
   * How long the call took once started, where the log says that but its result's line is only a
   * latest end (Codex records outputs in call order, so a quick call's output waits for a slower
   * one before it): the call ended this long after it started, or at its result's line if sooner.
   */
  ranForMs?: number;
  /**
   * When it really ended: its result line's time, or later where the log shows it ran on after that
   * (its PostToolUse hooks, which Claude Code 2.1.x runs before the call counts as done).
   */
  endedAt?: number;
  result?: { text: string; isError: boolean; line: number };
  /** The tool's own report beside the result (`toolUseResult`). */
  detail?: unknown;
}

/** One agent's part of the log: its responses and calls, in order. */
export interface LoggedAgent {
  readonly responses: LoggedResponse[];
  readonly calls: Map<string, LoggedCall>;
  /** The first user text (the prompt it was given). */
  prompt?: string;
}

/** A whole session: the main agent, its sub-agents by Task call, and what the log says of itself. */
export interface SessionLog {
  readonly main: LoggedAgent;
  /** Sub-agents, keyed by the Task (Agent) call that started each. */
  readonly agents: Map<string, LoggedAgent>;
  readonly version: string;
  readonly cwd: string;
  readonly sessionId: string;
  /** The earliest moment of the session (its first response's first line). */
  readonly origin: number;
  readonly problems: LogProblem[];
  /** The hooks the log shows ran (any event), and the time it says they took, where it says so. */
  hooks?: { runs: number; ms: number };
}

export function emptyAgent(): LoggedAgent {
  return { responses: [], calls: new Map() };
}

/**
 * When a block of `response` written at `time` closed: its line's time, or its predecessor's when
 * the line has none or goes back before it (said as a problem), so blocks never go backwards.
 */
export function blockTime(response: LoggedResponse, time: number | null, where: { source: string; line: number }, problems: LogProblem[]): number {
  const previous = response.blocks.at(-1)?.at;
  const at = time ?? previous ?? 0;
  if (previous === undefined || at >= previous) return at;
  problems.push({ source: where.source, line: where.line, message: `its timestamp is ${previous - at} ms before the previous block of the same response: taken as that block's` });
  return previous;
}

/** Whether a call starts a sub-agent. */
export function isAgentCall(call: LoggedCall): boolean {
  return kindOfToolName(call.name) === 'agent';
}

