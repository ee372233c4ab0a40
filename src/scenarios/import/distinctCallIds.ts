import type { LogProblem } from './logLines';
import type { LoggedAgent, LoggedCall, SessionLog } from './sessionLog';

/**
 * A session whose sub-agents' logs reuse ids of the main log's calls, or of each other's (a copied
 * file, an agent that numbers its calls from 1 in every log), with each later call renamed
 * `ID~2`, `ID~3`…: a scenario's tool_use ids are one namespace, and a collision made the whole log
 * refused. The main log keeps its ids; each renamed call is named as a problem at its line.
 */
export function distinctCallIds(session: SessionLog, source: string): { session: SessionLog; problems: LogProblem[] } {
  const seen = new Set(session.main.calls.keys());
  const problems: LogProblem[] = [];
  const agents = new Map<string, LoggedAgent>();
  for (const [key, agent] of session.agents) {
    const renamed = new Map<string, string>();
    for (const id of agent.calls.keys()) {
      if (!seen.has(id)) continue;
      let n = 2;
      while (seen.has(`${id}~${n}`) || agent.calls.has(`${id}~${n}`)) n++;
      renamed.set(id, `${id}~${n}`);
    }
    for (const id of agent.calls.keys()) seen.add(renamed.get(id) ?? id);
    if (renamed.size === 0) {
      agents.set(key, agent);
      continue;
    }
    for (const [id, to] of renamed) {
      const line = agent.responses.flatMap((response) => response.blocks).find((block) => block.callId === id)?.line ?? 0;
      problems.push({ source, line, message: `the sub-agent of ${key} reuses the call id ${id} of another log: taken as ${to}` });
    }
    agents.set(key, {
      ...agent,
      responses: agent.responses.map((response) => ({ ...response, blocks: response.blocks.map((block) => (block.callId !== undefined && renamed.has(block.callId) ? { ...block, callId: renamed.get(block.callId)! } : block)) })),
      calls: new Map([...agent.calls].map(([id, call]): [string, LoggedCall] => (renamed.has(id) ? [renamed.get(id)!, { ...call, id: renamed.get(id)! }] : [id, call]))),
    });
  }
  return { session: { ...session, agents }, problems };
}
