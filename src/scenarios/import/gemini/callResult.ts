/**
 * How a Gemini CLI tool call ended, from its record (`ToolCallRecord`): `status` is `success`,
 * `error` or `cancelled` once it completed (gemini-cli records calls only then); `result` the parts
 * sent back to the model, a `functionResponse` whose `response` is `{output}` or `{error}`;
 * `resultDisplay` what the screen showed. A call the user declined at its confirmation is cancelled
 * with "[Operation Cancelled] Reason: User did not allow tool call" (observedOutcome: denied); any
 * other cancellation is the user stopping the turn (interrupted).
 */
import { isRecord } from '../codex/rolloutLines';

/** The text of a result's parts: each function response's output or error, each text part's text. */
function partsText(result: unknown): string {
  const parts = Array.isArray(result) ? result : [result];
  return parts
    .map((part: unknown): string => {
      if (typeof part === 'string') return part;
      if (!isRecord(part)) return '';
      if (typeof part.text === 'string') return part.text;
      const response = isRecord(part.functionResponse) ? part.functionResponse.response : undefined;
      if (!isRecord(response)) return '';
      if (typeof response.output === 'string') return response.output;
      if (typeof response.error === 'string') return response.error;
      if (isRecord(response.error) && typeof response.error.message === 'string') return response.error.message;
      return JSON.stringify(response);
    })
    .filter((text) => text !== '')
    .join('\n');
}

/** Whether a result's function response is an error. */
function saysError(result: unknown): boolean {
  const parts = Array.isArray(result) ? result : [result];
  return parts.some((part: unknown) => isRecord(part) && isRecord(part.functionResponse) && isRecord(part.functionResponse.response) && 'error' in part.functionResponse.response);
}

/** A call's result as the importer takes it; `undefined` when the record holds none (a call still running when the file was written). */
export function callResult(record: Readonly<Record<string, unknown>>): { text: string; isError: boolean } | undefined {
  const status = record.status;
  const logged = record.result !== undefined && record.result !== null ? partsText(record.result) : typeof record.resultDisplay === 'string' ? record.resultDisplay : undefined;
  if (status === 'success') return { text: logged ?? '', isError: false };
  if (status === 'error') return { text: logged || 'the call failed (the log gives no message)', isError: true };
  if (status === 'cancelled') {
    const text = logged ?? '';
    return { text: text.startsWith('[Operation Cancelled]') ? text : `[Operation Cancelled] ${text || 'the log gives no reason'}`, isError: true };
  }
  if (logged === undefined || record.result === undefined || record.result === null) return undefined;
  return { text: logged, isError: saysError(record.result) };
}
