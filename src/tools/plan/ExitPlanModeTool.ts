import { z } from 'zod';
import { buildTool } from '../buildTool';
import type { PermissionMode } from '../types';

const PROMPT = `Presents your plan to the user and, once they approve it, leaves plan mode so that you can carry it out.

Call it only in plan mode, when the plan is complete: what you will change, where, and how you will check it. If the user refuses, stay in plan mode and revise the plan.`;

const inputSchema = z.strictObject({
  plan: z.string().min(1).describe('The plan, in Markdown, for the user to approve'),
});

export type ExitPlanModeInput = z.infer<typeof inputSchema>;

export interface ExitPlanModeOutput {
  plan: string;
  to: PermissionMode;
}

/**
 * ExitPlanMode: asks the user to approve the plan (its own permission check, which plan mode lets
 * through), then a context modifier restores the mode that was on before plan mode.
 */
export const ExitPlanModeTool = buildTool<ExitPlanModeInput, ExitPlanModeOutput>({
  name: 'ExitPlanMode',
  inputSchema,
  prompt: () => PROMPT,
  searchHint: 'plan mode approve plan leave exit',
  shouldDefer: true,
  sessionOnly: true,
  description: () => 'Approve the plan and leave plan mode',

  async validateInput(_input, context) {
    if (context.shared.permissionMode !== 'plan') return { ok: false, message: `The session is not in plan mode (it is in ${context.shared.permissionMode}); there is no plan to approve.` };
    return { ok: true };
  },

  async checkPermissions() {
    return { behavior: 'ask', reason: 'leaving plan mode needs the user to approve the plan' };
  },

  async call(input, context) {
    const to = context.shared.modeBeforePlan ?? 'default';
    return {
      output: { plan: input.plan, to },
      contextModifier: (shared) => {
        const { modeBeforePlan: _left, ...rest } = shared;
        return { ...rest, permissionMode: to };
      },
    };
  },

  mapResult: (output) => `The user approved the plan; plan mode is off (back to ${output.to}). Carry out the plan now.`,

  render: {
    use: (input) => ({ title: 'Exit plan mode', body: input.plan, format: 'markdown' }),
    result: (output) => ({ title: 'Plan approved', summary: `mode: ${output.to}`, body: output.plan, format: 'markdown', tone: 'success' }),
    rejected: (input, reason) => ({ title: 'Plan not approved', summary: reason, body: input.plan, format: 'markdown', tone: 'warning' }),
  },
});
