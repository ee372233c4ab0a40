import { describe, expect, it } from 'vitest';
import { viewedFile } from './copilotResults';
import { playgroundCall } from './copilotTools';

describe('Copilot CLI’s tools as the playground’s', () => {
  it('maps the file tools, a view’s range as offset and limit', () => {
    expect(playgroundCall('view', { path: '/r/a.ts' })).toEqual({ name: 'Read', input: { file_path: '/r/a.ts' } });
    expect(playgroundCall('view', { path: '/r/a.ts', view_range: [10, 19] })).toEqual({ name: 'Read', input: { file_path: '/r/a.ts', offset: 10, limit: 10 } });
    expect(playgroundCall('view', { path: '/r/a.ts', view_range: [5, -1] })).toEqual({ name: 'Read', input: { file_path: '/r/a.ts', offset: 5 } });
    expect(playgroundCall('create', { path: 'b.ts', file_text: 'x\n' })).toEqual({ name: 'Write', input: { file_path: 'b.ts', content: 'x\n' } });
    expect(playgroundCall('edit', { path: 'b.ts', old_str: 'x', new_str: 'y' })).toEqual({ name: 'Edit', input: { file_path: 'b.ts', old_string: 'x', new_string: 'y' } });
    expect(playgroundCall('str_replace_editor', { command: 'str_replace', path: 'b.ts', old_str: 'x', new_str: 'y' })).toEqual({ name: 'Edit', input: { file_path: 'b.ts', old_string: 'x', new_string: 'y' } });
    expect(playgroundCall('str_replace_editor', { command: 'insert', path: 'b.ts', insert_line: 1, new_str: 'y' }).name).toBe('str_replace_editor');
  });

  it('maps the shell, the searches, the web, the task and the todo list', () => {
    expect(playgroundCall('powershell', { command: 'dir', description: 'List', mode: 'sync', initial_wait: 30 })).toEqual({ name: 'Bash', input: { command: 'dir', description: 'List' } });
    expect(playgroundCall('bash', { command: 'npm run dev', detach: true })).toEqual({ name: 'Bash', input: { command: 'npm run dev', run_in_background: true } });
    expect(playgroundCall('glob', { pattern: '**/*.ts', path: 'src' })).toEqual({ name: 'Glob', input: { pattern: '**/*.ts', path: 'src' } });
    expect(playgroundCall('rg', { pattern: 'x', glob: '*.ts', '-n': true })).toEqual({ name: 'Grep', input: { pattern: 'x', glob: '*.ts', '-n': true } });
    expect(playgroundCall('web_fetch', { url: 'https://example.com', max_length: 5000 })).toMatchObject({ name: 'WebFetch', input: { url: 'https://example.com', prompt: 'the page' } });
    expect(playgroundCall('task', { description: 'Explore', prompt: 'Look.', agent_type: 'explore', mode: 'background' })).toEqual({
      name: 'Agent',
      input: { description: 'Explore', prompt: 'Look.', subagent_type: 'explore' },
      note: 'task ran in the background: the playground runs its Agent in the foreground',
    });
    expect(playgroundCall('update_todo', { todos: '- [x] Read\n- [ ] Fix\n- [~] Test' })).toEqual({
      name: 'TodoWrite',
      input: { todos: [{ content: 'Read', status: 'completed', activeForm: 'Read' }, { content: 'Fix', status: 'pending', activeForm: 'Fix' }, { content: 'Test', status: 'in_progress', activeForm: 'Test' }] },
    });
  });

  it('reads a one-file patch as the file tool it is, and keeps shells, MCP tools and the unknown by name', () => {
    expect(playgroundCall('apply_patch', '*** Begin Patch\n*** Add File: a.txt\n+a\n*** End Patch')).toEqual({ name: 'Write', input: { file_path: 'a.txt', content: 'a\n' } });
    const kept = playgroundCall('apply_patch', 'not a patch');
    expect(kept.name).toBe('apply_patch');
    expect(kept.note).toContain('kept as apply_patch');
    expect(playgroundCall('read_bash', { shellId: '3', delay: 5 })).toEqual({ name: 'read_bash', input: { shellId: '3', delay: 5 } });
    expect(playgroundCall('list_issues', { repo: 'a/b' }, { server: 'github', tool: 'list_issues' })).toEqual({ name: 'mcp__github__list_issues', input: { repo: 'a/b' } });
    expect(playgroundCall('bash', 'not json')).toEqual({ name: 'bash', input: 'not json' });
    expect(playgroundCall('view', { view_range: [1, 2] })).toEqual({ name: 'view', input: { view_range: [1, 2] } });
  });
});

describe('the file a view showed', () => {
  it('is the numbered lines joined, the empty last one being the final newline', () => {
    expect(viewedFile('1. a\n2.   b\n3. ', { file_path: 'a' })).toEqual({ content: 'a\n  b\n', startLine: 1, numLines: 3, totalLines: 3 });
  });

  it('is a part of the file for a range, and nothing for a listing or lines out of order', () => {
    expect(viewedFile('5. e\n6. f', { file_path: 'a', offset: 5, limit: 2 })).toEqual({ content: 'e\nf', startLine: 5, numLines: 2, totalLines: 7 });
    expect(viewedFile('src/\npackage.json', { file_path: '.' })).toBeUndefined();
    expect(viewedFile('1. a\n3. c', { file_path: 'a' })).toBeUndefined();
    expect(viewedFile('2. b', { file_path: 'a' })).toBeUndefined();
  });
});
