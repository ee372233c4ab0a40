import * as z from 'zod';
import { buildTool } from '../buildTool';
import type { TodoItem } from '../types';

const PROMPT = `Keeps the session's todo list: send the whole list each time (it replaces the previous one).

- Use it for work of three steps or more, so the user can follow the plan.
- Exactly one item is in_progress while you work; mark an item completed as soon as it is done.
- content says what to do ("Run the tests"); activeForm says it while it happens ("Running the tests").`;

const todoSchema = z.strictObject({
  content: z.string().min(1).describe('What to do, in the imperative'),
  status: z.enum(['pending', 'in_progress', 'completed']),
  activeForm: z.string().min(1).describe('The same step in the present continuous, shown while it runs'),
});

const inputSchema = z.strictObject({
  todos: z.array(todoSchema).describe('The complete, updated todo list'),
});

export type TodoWriteInput = z.infer<typeof inputSchema>;

export interface TodoWriteOutput {
  before: readonly TodoItem[];
  after: readonly TodoItem[];
}

const MARK: Record<TodoItem['status'], string> = { pending: '[ ]', in_progress: '[~]', completed: '[x]' };

/** One line per item, the in-progress one in its active form. */
export function formatTodos(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return '(the todo list is empty)';
  return todos.map((todo) => `${MARK[todo.status]} ${todo.status === 'in_progress' ? todo.activeForm : todo.content}`).join('\n');
}

/**
 * TodoWrite: the todo list lives in the session's shared context (and so in the run record); the
 * call returns the change and a context modifier that installs the new list once it ends.
 */
export const TodoWriteTool = buildTool<TodoWriteInput, TodoWriteOutput>({
  name: 'TodoWrite',
  inputSchema,
  prompt: () => PROMPT,
  searchHint: 'todo list plan tasks progress checklist',
  shouldDefer: true,
  kind: 'think',
  userFacingName: () => 'TodoWrite',
  description: (input) => `Update the todo list (${input.todos.length} ${input.todos.length === 1 ? 'item' : 'items'})`,

  async validateInput(input) {
    const active = input.todos.filter((todo) => todo.status === 'in_progress').length;
    if (active > 1) {
      return { ok: false, message: `${active} todo items are in_progress; keep exactly one in progress at a time (or none when all are done).` };
    }
    return { ok: true };
  },

  async call(input, context) {
    const after = input.todos.map((todo) => ({ ...todo }));
    return {
      output: { before: context.shared.todos, after },
      contextModifier: (shared) => ({ ...shared, todos: after }),
    };
  },

  mapResult: (output) => {
    const done = output.after.filter((todo) => todo.status === 'completed').length;
    return `Todo list updated (${done} of ${output.after.length} done). Keep going with the item in progress.\n${formatTodos(output.after)}`;
  },

  render: {
    use: (input) => ({ title: 'Update todos', summary: `${input.todos.length} ${input.todos.length === 1 ? 'item' : 'items'}` }),
    result: (output) => ({
      title: 'Todos',
      summary: `${output.after.filter((todo) => todo.status === 'completed').length}/${output.after.length} done`,
      body: formatTodos(output.after),
      format: 'text',
      tone: 'success',
    }),
  },
});
