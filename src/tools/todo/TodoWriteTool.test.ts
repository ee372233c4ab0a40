import { describe, expect, it } from 'vitest';
import { createToolTestEnv } from '../../../test/toolEnv';
import { decideByMode } from '../permissions/modes';
import { TodoWriteTool, formatTodos } from './TodoWriteTool';

const todos = [
  { content: 'Read the config', status: 'completed', activeForm: 'Reading the config' },
  { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing the bug' },
  { content: 'Run the tests', status: 'pending', activeForm: 'Running the tests' },
] as const;

describe('TodoWrite', () => {
  it('returns the new list and a context modifier that installs it', async () => {
    const t = createToolTestEnv({}, [TodoWriteTool]);
    const run = await t.run('TodoWrite', { todos });
    expect(run.outcome).toBe('success');
    expect(run.result.content).toContain('1 of 3 done');
    expect(run.result.content).toContain('[~] Fixing the bug');
    const next = run.contextModifier!(t.env.shared);
    expect(next.todos).toEqual(todos);
    expect(t.env.shared.todos).toEqual([]);
  });

  it('refuses two items in progress at once', async () => {
    const t = createToolTestEnv({}, [TodoWriteTool]);
    const run = await t.run('TodoWrite', { todos: [todos[1], { ...todos[2], status: 'in_progress' }] });
    expect(run.outcome).toBe('invalid');
    expect(run.result.content).toContain('2 todo items are in_progress');
  });

  it('rejects items with a missing or unknown field', async () => {
    const t = createToolTestEnv({}, [TodoWriteTool]);
    const missing = await t.run('TodoWrite', { todos: [{ content: 'x', status: 'pending' }] });
    expect(missing.result.content).toContain('todos.0.activeForm');
    const wrong = await t.run('TodoWrite', { todos: [{ content: 'x', status: 'doing', activeForm: 'x' }] });
    expect(wrong.result.content).toContain('todos.0.status');
  });

  it('is unsafe to run in parallel but never asks, even in default or plan mode', () => {
    const input = { todos: [...todos] };
    expect(TodoWriteTool.isConcurrencySafe(input)).toBe(false);
    expect(TodoWriteTool.isReadOnly(input)).toBe(false);
    expect(decideByMode(TodoWriteTool, input, 'default')).toEqual({ behavior: 'allow' });
    expect(decideByMode(TodoWriteTool, input, 'plan')).toEqual({ behavior: 'allow' });
  });

  it('formats an empty list plainly', () => {
    expect(formatTodos([])).toBe('(the todo list is empty)');
  });
});
