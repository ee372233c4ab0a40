import * as z from 'zod';
import { buildTool } from '../buildTool';
import type { UserQuestion } from '../types';

const PROMPT = `Asks the user one to four multiple-choice questions and waits for the answers.

- Use it when the task depends on a choice only the user can make (a name, an approach, a trade-off).
- Give each question a short header (a chip label, up to 12 characters) and two to four options, each with a label and a description of what it means.
- With multiSelect the user may pick several options; the user may also answer in their own words.`;

const optionSchema = z.strictObject({
  label: z.string().min(1).describe('The option as the user picks it (1–5 words)'),
  description: z.string().describe('What choosing it means'),
});

const questionSchema = z.strictObject({
  question: z.string().min(1).describe('The question, ending with a question mark'),
  header: z.string().describe('A very short label for it (up to 12 characters)'),
  options: z.array(optionSchema).min(2).max(4).describe('The choices, two to four'),
  multiSelect: z.boolean().describe('Whether the user may pick several options'),
});

const inputSchema = z.strictObject({
  questions: z.array(questionSchema).min(1).max(4).describe('The questions, one to four'),
});

export type AskUserQuestionInput = z.infer<typeof inputSchema>;

/** The questions and what the user chose for each. */
export interface AskUserQuestionOutput {
  questions: UserQuestion[];
  /** Each question's text → the chosen labels (or the user's own words). */
  answers: Record<string, string[]>;
}

/**
 * AskUserQuestion: the model asks the user; the page's dialog or the scenario's scripted answers
 * reply. Nobody to answer (a replay that scripts none) is an error result saying so.
 */
export const AskUserQuestionTool = buildTool<AskUserQuestionInput, AskUserQuestionOutput>({
  name: 'AskUserQuestion',
  inputSchema,
  prompt: () => PROMPT,
  searchHint: 'ask the user a question choice clarify',
  // Asking changes nothing: read-only (it waits on the user, so it runs alone).
  isReadOnly: () => true,
  kind: 'think',
  userFacingName: (input) => `AskUserQuestion(${input?.questions?.map((question) => question.header).join(', ') ?? ''})`,
  description: (input) => `Ask: ${input.questions.map((question) => question.question).join(' / ')}`,

  async call(input, context) {
    const answers = context.askUser ? await context.askUser({ toolUseId: context.toolUseId, questions: input.questions }) : null;
    if (answers === null) {
      throw new Error(
        `Nobody is here to answer: this run has no answer for ${context.toolUseId}. A scenario scripts one in settings.answers, e.g. "${context.toolUseId}": { "${input.questions[0]!.question}": "${input.questions[0]!.options[0]!.label}" }.`,
      );
    }
    return { output: { questions: input.questions, answers } };
  },

  mapResult: (output) => {
    const pairs = output.questions.map((question) => `"${question.question}"="${(output.answers[question.question] ?? ['(no answer)']).join(', ')}"`);
    return `The user answered your questions: ${pairs.join(', ')}. Go on with these answers in mind.`;
  },

  render: {
    use: (input) => ({ title: 'Ask the user', body: input.questions.map((question) => `${question.header}: ${question.question}`).join('\n'), format: 'text' }),
    result: (output) => ({
      title: 'The user answered',
      body: output.questions.map((question) => `${question.question} → ${(output.answers[question.question] ?? ['(no answer)']).join(', ')}`).join('\n'),
      format: 'text',
      tone: 'success',
    }),
  },
});
