import { kindTraits } from '../kinds';
import type { AnyTool, PermissionDecision, PermissionMode } from '../types';

/** The permission modes a scenario may name. */
export const PERMISSION_MODES: readonly PermissionMode[] = ['default', 'acceptEdits', 'bypassPermissions', 'plan'];

/**
 * The general permission system's verdict from the mode alone, asking the tool's kind (design.md,
 * Tool kinds): a session-only kind and a read-only call run in every mode; `plan` denies everything
 * else; `acceptEdits` lets file edits run (the path was resolved inside the workspace by
 * `validateInput`); `bypassPermissions` allows all; `default` asks. (`isReadOnly` asks the kind
 * first: an edit or an undeclared tool is never read-only, whatever the tool says of itself.)
 */
export function decideByMode(tool: AnyTool, input: unknown, mode: PermissionMode): PermissionDecision {
  const traits = kindTraits(tool.kind);
  // A session-only tool (TodoWrite, the plan-mode switches) changes nothing the mode guards; its
  // own checkPermissions still decides (ExitPlanMode asks for the plan's approval).
  if (traits.sessionOnly || tool.isReadOnly(input)) return { behavior: 'allow' };
  switch (mode) {
    case 'bypassPermissions':
      return { behavior: 'allow' };
    case 'plan':
      return {
        behavior: 'deny',
        reason: `Plan mode allows only read-only tools; ${tool.userFacingName(input)} would change something. Exit plan mode first.`,
      };
    case 'acceptEdits':
      return traits.editsFile
        ? { behavior: 'allow' }
        : { behavior: 'ask', reason: `acceptEdits mode asks before ${tool.name} calls that are not file edits` };
    case 'default':
      return { behavior: 'ask', reason: `default mode asks before ${tool.name}, which is not read-only` };
    default: {
      const exhaustive: never = mode;
      return exhaustive;
    }
  }
}

/**
 * Combines the general verdict with the tool's own `checkPermissions`: a deny from either denies,
 * then an ask asks. Under `bypassPermissions` a tool's ask runs, but its deny (a safety check) holds.
 */
export function combineDecisions(
  general: PermissionDecision,
  specific: PermissionDecision,
  mode: PermissionMode,
): PermissionDecision {
  if (general.behavior === 'deny') return general;
  if (specific.behavior === 'deny') return specific;
  if (general.behavior === 'ask') return general;
  if (specific.behavior === 'ask') return mode === 'bypassPermissions' ? { behavior: 'allow' } : specific;
  return { behavior: 'allow' };
}
