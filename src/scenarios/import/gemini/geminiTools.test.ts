import { describe, expect, it } from 'vitest';
import { playgroundCall } from './geminiTools';
import { projectFolder } from './projectFolder';
import { sha256Hex } from './sha256';

describe('Gemini CLI’s tools as the playground’s', () => {
  it('maps the file tools, counting lines as Read does', () => {
    expect(playgroundCall('read_file', { absolute_path: '/app/a.ts', offset: 10, limit: 5 }, '/app')).toEqual({ name: 'Read', input: { file_path: '/app/a.ts', offset: 11, limit: 5 } });
    expect(playgroundCall('read_file', { file_path: 'a.ts', start_line: 3, end_line: 7 }, '')).toEqual({ name: 'Read', input: { file_path: 'a.ts', offset: 3, limit: 5 } });
    expect(playgroundCall('write_file', { file_path: 'a.md', content: '# A' }, '')).toEqual({ name: 'Write', input: { file_path: 'a.md', content: '# A' } });
    expect(playgroundCall('replace', { file_path: 'a.md', old_string: 'A', new_string: 'B', expected_replacements: 2, instruction: 'rename' }, '')).toEqual({ name: 'Edit', input: { file_path: 'a.md', old_string: 'A', new_string: 'B', replace_all: true } });
  });

  it('runs a command in its folder, and searches as Grep and Glob', () => {
    expect(playgroundCall('run_shell_command', { command: 'npm test', dir_path: 'pkg', description: 'tests', is_background: true }, '/app')).toEqual({ name: 'Bash', input: { command: 'cd pkg && npm test', description: 'tests', run_in_background: true } });
    expect(playgroundCall('run_shell_command', { command: 'ls', directory: '/app' }, '/app')).toEqual({ name: 'Bash', input: { command: 'ls' } });
    expect(playgroundCall('grep_search', { pattern: 'x', dir_path: 'src', include_pattern: '*.ts', case_sensitive: true }, '')).toEqual({ name: 'Grep', input: { pattern: 'x', path: 'src', glob: '*.ts', output_mode: 'content' } });
    expect(playgroundCall('glob', { pattern: '**/*.md', path: 'docs' }, '')).toEqual({ name: 'Glob', input: { pattern: '**/*.md', path: 'docs' } });
    const listed = playgroundCall('list_directory', { dir_path: 'src' }, '');
    expect(listed).toMatchObject({ name: 'Glob', input: { pattern: '*', path: 'src' } });
    expect(listed.note).toContain('sub-folders');
  });

  it('maps the web, the todo list and a sub-agent, and keeps any other tool’s name', () => {
    expect(playgroundCall('web_fetch', { prompt: 'Summarise https://example.com/a and say why' }, '')).toEqual({ name: 'WebFetch', input: { url: 'https://example.com/a', prompt: 'Summarise https://example.com/a and say why' } });
    expect(playgroundCall('web_fetch', { prompt: 'no link' }, '')).toEqual({ name: 'web_fetch', input: { prompt: 'no link' } });
    expect(playgroundCall('google_web_search', { query: 'vitest' }, '')).toEqual({ name: 'WebSearch', input: { query: 'vitest' } });
    expect(playgroundCall('write_todos', { todos: [{ description: 'Read', status: 'in_progress' }] }, '')).toEqual({ name: 'TodoWrite', input: { todos: [{ content: 'Read', status: 'in_progress', activeForm: 'Read' }] } });
    expect(playgroundCall('delegate_to_agent', { agent_name: 'codebase_investigator', objective: 'Look' }, '')).toEqual({ name: 'Agent', input: { description: 'codebase_investigator', prompt: 'Look', subagent_type: 'codebase_investigator' } });
    expect(playgroundCall('save_memory', { fact: 'x' }, '')).toEqual({ name: 'save_memory', input: { fact: 'x' } });
  });
});

describe('the session’s folder, by the hash Gemini CLI files it under', () => {
  it('hashes as SHA-256 does', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('is the folder above a mentioned path whose hash is the project’s, else unknown', () => {
    const hash = sha256Hex('/home/me/app');
    expect(projectFolder(hash, ['Successfully overwrote file: /home/me/app/src/a.md.'])).toBe('/home/me/app');
    expect(projectFolder(hash, ['{"file_path":"/home/me/other/a.md"}'])).toBe('');
    expect(projectFolder('not a hash', ['/home/me/app/a'])).toBe('');
  });
});
