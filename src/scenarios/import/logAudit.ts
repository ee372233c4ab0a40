import type { LogAudit, ObservedOutcome } from '../schema';
import type { CallTiming } from './responseStarts';
import type { LoggedAgent, SessionLog } from './sessionLog';

/**
 * What a session's log says of itself (design.md, Sessions), the audit users otherwise do by
 * hand over their logs: calls left without a result, responses whose results were written in
 * another order than their calls or apart (a later response's lines between them), calls a
 * sibling cancelled, the time hooks took and people spent answering permission prompts (a tool
 * that ran later than its call started: after a hook, the hook's; with no hook before it, a
 * person's), and calls that ran sooner than the agent's own rules allow.
 */
export function auditOf(session: SessionLog, timings: ReadonlyMap<string, CallTiming>, outcomes: ReadonlyMap<string, ObservedOutcome>): LogAudit {
  const agents = [session.main, ...session.agents.values()];
  const calls = agents.flatMap((agent) => [...agent.calls.values()]);
  let hookMs = session.hooks?.ms ?? 0;
  let permission = 0;
  let permissionMs = 0;
  for (const call of calls) {
    hookMs += call.hookedMs ?? 0;
    const timing = timings.get(call.id);
    if (timing?.ranAt === undefined) continue;
    const waited = Math.max(0, timing.ranAt - timing.startedAt);
    if (call.startedBy === 'hook') hookMs += waited;
    else {
      permission++;
      permissionMs += waited;
    }
  }
  return {
    unanswered: calls.filter((call) => call.result === undefined).length,
    cancelledBySibling: [...outcomes.values()].filter((outcome) => outcome === 'cancelled').length,
    resultsOutOfOrder: agents.reduce((sum, agent) => sum + responsesWhere(agent, outOfOrder), 0),
    resultsSplit: agents.reduce((sum, agent) => sum + responsesWhere(agent, split), 0),
    hooks: { runs: session.hooks?.runs ?? 0, ms: Math.round(hookMs) },
    permissionWaits: { calls: permission, ms: Math.round(permissionMs) },
    ranSooner: [...timings.values()].filter((timing) => timing.witness === 'inconsistent').length,
  };
}

type ResultLines = { lines: number[]; responseIndex: number };

function responsesWhere(agent: LoggedAgent, test: (result: ResultLines, agent: LoggedAgent) => boolean): number {
  let count = 0;
  agent.responses.forEach((response, responseIndex) => {
    const lines = response.blocks.flatMap((block) => {
      const line = block.kind === 'tool_use' ? agent.calls.get(block.callId!)?.result?.line : undefined;
      return line === undefined || line <= 0 ? [] : [line];
    });
    if (lines.length > 0 && test({ lines, responseIndex }, agent)) count++;
  });
  return count;
}

/** Whether a response's results were written in another order than its calls. */
function outOfOrder({ lines }: ResultLines): boolean {
  return lines.some((line, i) => i > 0 && line < lines[i - 1]!);
}

/** Whether a later response's first line came between a response's first and last result. */
function split({ lines, responseIndex }: ResultLines, agent: LoggedAgent): boolean {
  const first = Math.min(...lines);
  const last = Math.max(...lines);
  return agent.responses.slice(responseIndex + 1).some((later) => later.blocks.some((block) => block.line > first && block.line < last));
}
