import * as z from 'zod';
import { buildTool } from '../buildTool';

const inputSchema = z.strictObject({
  skill: z.string().min(1).describe('The skill to load, e.g. "pdf"'),
  args: z.string().optional().describe('Arguments for the skill'),
});

export type SkillInput = z.infer<typeof inputSchema>;

/** What a skill call found: the playground has no skills. */
export interface SkillOutput {
  skill: string;
  available: false;
}

/**
 * Skill: the real agent loads a packaged skill (instructions and scripts) into the conversation.
 * The playground has none to load, so the call ends in an error result that says so plainly,
 * rather than "No such tool" (which would misdescribe a call a real session made).
 */
export const SkillTool = buildTool<SkillInput, SkillOutput>({
  name: 'Skill',
  inputSchema,
  prompt: () => 'Loads a skill (packaged instructions and scripts) by name. The playground has no skills installed: every call reports that the skill is not available here.',
  searchHint: 'skill load instructions',
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  kind: 'think',
  userFacingName: (input) => (input?.skill ? `Skill(${input.skill})` : 'Skill'),
  call: async (input) => ({ output: { skill: input.skill, available: false }, isError: true }),
  mapResult: (output) => `Skills are not available in the playground: the skill "${output.skill}" cannot be loaded here. Go on without it.`,
  render: {
    use: (input) => ({ title: `Skill ${input.skill}`, summary: input.args }),
    result: (output) => ({ title: `Skill ${output.skill}`, summary: 'not available in the playground', tone: 'warning' }),
  },
});
