import { describe, expect, it } from 'vitest';
import { playgroundCall, taskSessionOf } from './opencodeTools';

const CWD = '/w';

describe('OpenCode tools as the playground’s', () => {
  it('maps the file tools, their camelCase parameters in the playground’s words', () => {
    expect(playgroundCall('read', { filePath: '/w/a.ts', offset: 10, limit: 5 }, CWD)).toEqual({ name: 'Read', input: { file_path: '/w/a.ts', offset: 10, limit: 5 } });
    expect(playgroundCall('write', { filePath: '/w/a.ts', content: 'x' }, CWD)).toEqual({ name: 'Write', input: { file_path: '/w/a.ts', content: 'x' } });
    expect(playgroundCall('edit', { filePath: '/w/a.ts', oldString: 'a', newString: 'b', replaceAll: true }, CWD)).toEqual({ name: 'Edit', input: { file_path: '/w/a.ts', old_string: 'a', new_string: 'b', replace_all: true } });
    expect(playgroundCall('multiedit', { filePath: '/w/a.ts', edits: [{ filePath: '/w/a.ts', oldString: 'a', newString: 'b' }] }, CWD)).toEqual({
      name: 'MultiEdit',
      input: { file_path: '/w/a.ts', edits: [{ old_string: 'a', new_string: 'b' }] },
    });
  });

  it('maps a one-file patch to Write, and keeps one that changes several files', () => {
    expect(playgroundCall('apply_patch', { patchText: '*** Begin Patch\n*** Add File: b.ts\n+hi\n*** End Patch' }, CWD)).toMatchObject({ name: 'Write', input: { file_path: 'b.ts', content: 'hi\n' } });
    const two = playgroundCall('patch', { patchText: '*** Begin Patch\n*** Add File: b.ts\n+hi\n*** Add File: c.ts\n+ho\n*** End Patch' }, CWD);
    expect(two).toMatchObject({ name: 'patch', note: expect.stringContaining('changes 2 files') as string });
  });

  it('maps bash with its workdir as a cd, and the search and web tools', () => {
    expect(playgroundCall('bash', { command: 'ls', workdir: '/w/src', timeout: 1000, description: 'List' }, CWD)).toEqual({ name: 'Bash', input: { command: 'cd /w/src && ls', timeout: 1000, description: 'List' } });
    expect(playgroundCall('bash', { command: 'ls', workdir: '/w' }, CWD)).toEqual({ name: 'Bash', input: { command: 'ls' } });
    expect(playgroundCall('glob', { pattern: '**/*.ts', path: '/w/src' }, CWD)).toEqual({ name: 'Glob', input: { pattern: '**/*.ts', path: '/w/src' } });
    expect(playgroundCall('grep', { pattern: 'x', include: '*.ts' }, CWD)).toEqual({ name: 'Grep', input: { pattern: 'x', glob: '*.ts', output_mode: 'content', '-n': true } });
    expect(playgroundCall('list', { path: '/w/src' }, CWD)).toMatchObject({ name: 'Glob', input: { pattern: '*', path: '/w/src' }, note: expect.any(String) as string });
    expect(playgroundCall('webfetch', { url: 'https://example.com', format: 'text' }, CWD)).toEqual({ name: 'WebFetch', input: { url: 'https://example.com', prompt: 'The page as text' } });
    expect(playgroundCall('websearch', { query: 'q' }, CWD)).toEqual({ name: 'WebSearch', input: { query: 'q' } });
  });

  it('maps todowrite, leaving out cancelled items, task to Agent, and keeps any other tool as it is', () => {
    const todos = playgroundCall('todowrite', { todos: [{ content: 'a', status: 'in_progress', priority: 'high', id: '1' }, { content: 'b', status: 'cancelled', priority: 'low', id: '2' }] }, CWD);
    expect(todos).toMatchObject({ name: 'TodoWrite', input: { todos: [{ content: 'a', status: 'in_progress', activeForm: 'a' }] }, note: expect.stringContaining('cancelled') as string });
    expect(playgroundCall('task', { description: 'd', prompt: 'p', subagent_type: 'explore' }, CWD)).toEqual({ name: 'Agent', input: { description: 'd', prompt: 'p', subagent_type: 'explore' } });
    expect(playgroundCall('todoread', {}, CWD)).toEqual({ name: 'todoread', input: {} });
    expect(playgroundCall('context7_docs', { q: 1 }, CWD)).toEqual({ name: 'context7_docs', input: { q: 1 } });
  });

  it('finds a task’s sub-session in its metadata, else in its output', () => {
    expect(taskSessionOf({ sessionId: 'ses_a' }, '')).toBe('ses_a');
    expect(taskSessionOf(undefined, 'done\n\n<task_metadata>\nsession_id: ses_b9\n</task_metadata>')).toBe('ses_b9');
    expect(taskSessionOf({}, 'no session')).toBe('');
  });
});
