import type { PolicyName } from '../policies';
import type { OutcomeWords } from './formatClaim';
import { SESSION_FORMATS, type SessionAgentId } from './sessionFormats';

export type { SessionAgentId } from './sessionFormats';
export { agentAndVersion, agentName } from './agentNames';

/** The agents whose session logs the importer reads, by their id in `observed.agent`, with their names (from the formats' table). */
export const SESSION_AGENT_NAMES = Object.fromEntries(SESSION_FORMATS.filter((format) => !('refusal' in format)).map((format) => [format.id, format.name])) as Record<SessionAgentId, string>;

/** What making a scenario of a session needs to know of the agent that wrote its log. */
export interface SessionAgent {
  readonly id: SessionAgentId;
  /** The policy preset that replays the session as the agent ran it: its rules also time the calls whose start the log does not say. */
  readonly policy: PolicyName;
}

/** How an agent's results say a call was cancelled, refused or stopped (its format's words). */
export function outcomeWordsOf(agent: string): OutcomeWords {
  return SESSION_FORMATS.find((format) => format.id === agent)?.outcomeWords ?? {};
}

