import * as z from 'zod';
import { buildTool } from '../buildTool';
import type { PermissionMode } from '../types';

const PROMPT = `Presents your plan to the user and, once they approve it, leaves plan mode so that you can carry it out.

Call it only in plan mode, when the plan is complete: what you will change, where, and how you will check it. If the user refuses, stay in plan mode and revise the plan.`;

const inputSchema = z.strictObject({
  plan: z.string().optional().describe('The plan, in Markdown, for the user to approve (it may already be in a plan file)'),
  allowedPrompts: z
    .array(
      z.strictObject({
        tool: z.string().describe('The tool the permission is for, e.g. "Bash"'),
        prompt: z.string().describe('What it would allow, in words, e.g. "run the tests"'),
      }),
    )
    .optional()
    .describe('Permissions the plan asks for up front, each a tool and what it would do; the user sees them with the plan'),
});

export type ExitPlanModeInput = z.infer<typeof inputSchema>;

export interface ExitPlanModeOutput {
  plan: string;
  /** The permissions the plan asked for up front (shown to the user; rules still decide each call). */
  allowedPrompts: { tool: string; prompt: string }[];
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
  kind: 'think',
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
      output: { plan: input.plan ?? '', allowedPrompts: input.allowedPrompts ?? [], to },
      contextModifier: (shared) => {
        const { modeBeforePlan: _left, ...rest } = shared;
        return { ...rest, permissionMode: to };
      },
    };
  },

  mapResult: (output) => `The user approved the plan; plan mode is off (back to ${output.to}). Carry out the plan now.`,

  render: {
    use: (input) => ({ title: 'Exit plan mode', body: planText(input.plan, input.allowedPrompts ?? []), format: 'markdown' }),
    result: (output) => ({ title: 'Plan approved', summary: `mode: ${output.to}`, body: planText(output.plan, output.allowedPrompts), format: 'markdown', tone: 'success' }),
    rejected: (input, reason) => ({ title: 'Plan not approved', summary: reason, body: planText(input.plan, input.allowedPrompts ?? []), format: 'markdown', tone: 'warning' }),
  },
});

/** The plan as the user reads it: its text (if any), then the permissions it asks for. */
function planText(plan: string | undefined, allowed: readonly { tool: string; prompt: string }[]): string {
  const asks = allowed.map((entry) => `- ${entry.tool}: ${entry.prompt}`).join('\n');
  const parts = [plan?.trim() || '(the plan is not in the call)', asks ? `Permissions asked for:\n${asks}` : ''];
  return parts.filter((part) => part !== '').join('\n\n');
}
