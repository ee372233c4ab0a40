/**
 * A short name for a call: the tool and the first 40 characters of what it works on (`command`,
 * else `file_path`, else `pattern`), e.g. `Bash(npm test)`; a call with none of these is named by
 * its id, e.g. `TodoWrite(toolu_7)`. Siblings cancelled by a failed call name it this way, and
 * wait reasons name their blockers this way.
 */
export function labelCall(call: { readonly id: string; readonly name: string; readonly input: unknown }): string {
  const input = (typeof call.input === 'object' && call.input !== null ? call.input : {}) as Record<string, unknown>;
  const subject = [input.command, input.file_path, input.pattern].find((value): value is string => typeof value === 'string');
  if (subject === undefined) return `${call.name}(${call.id})`;
  return `${call.name}(${subject.length > 40 ? `${subject.slice(0, 40)}…` : subject})`;
}
