import { labelCall } from '../tools/orchestration/callLabel';
import { describeWait } from '../tools/orchestration/waitCause';
import type { CallRecord, WaitRecord } from './record';

/**
 * The sentence of a recorded wait, made from its cause (as the engine made the record's `reason`),
 * naming the calls it points at by their labels among `calls` (the turn's calls).
 */
export function waitSentence(wait: WaitRecord, calls: readonly CallRecord[]): string {
  return describeWait(wait.cause, (id) => {
    const call = calls.find((candidate) => candidate.id === id);
    return call ? labelCall(call) : id;
  });
}
