import * as z from 'zod';
import { buildTool } from '../buildTool';
import type { PermissionMode } from '../types';

const PROMPT = `Switches the session into plan mode, for work that needs a plan the user approves first.

In plan mode only read-only tools run (Read, Glob, Grep, read-only Bash…): explore, then call ExitPlanMode with the plan. Nothing is changed until the user approves it.`;

const inputSchema = z.strictObject({});

export type EnterPlanModeInput = z.infer<typeof inputSchema>;

export interface EnterPlanModeOutput {
  from: PermissionMode;
}

/** EnterPlanMode: a context modifier switches the permission mode to `plan`, remembering the old one. */
export const EnterPlanModeTool = buildTool<EnterPlanModeInput, EnterPlanModeOutput>({
  name: 'EnterPlanMode',
  inputSchema,
  prompt: () => PROMPT,
  searchHint: 'plan mode read-only explore before changing',
  shouldDefer: true,
  kind: 'think',
  isReadOnly: () => true,
  description: () => 'Enter plan mode',

  async validateInput(_input, context) {
    if (context.shared.permissionMode === 'plan') return { ok: false, message: 'The session is already in plan mode; explore with read-only tools, then call ExitPlanMode with your plan.' };
    return { ok: true };
  },

  async call(_input, context) {
    const from = context.shared.permissionMode;
    return {
      output: { from },
      contextModifier: (shared) => ({ ...shared, permissionMode: 'plan', modeBeforePlan: from }),
    };
  },

  mapResult: (output) =>
    `Entered plan mode (was ${output.from}). Only read-only tools run now: explore the code, then call ExitPlanMode with the plan for the user to approve. Do not change any file yet.`,

  render: {
    use: () => ({ title: 'Enter plan mode' }),
    result: (output) => ({ title: 'Plan mode on', summary: `was ${output.from}`, tone: 'success' }),
  },
});
