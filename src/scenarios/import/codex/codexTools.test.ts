import { describe, expect, it } from 'vitest';
import { parsePatch, patchAsTool } from './codexPatch';
import { commandLine, playgroundCall } from './codexTools';

const CWD = '/home/me/app';
const patch = (...body: string[]) => ['*** Begin Patch', ...body, '*** End Patch'].join('\n');

describe('Codex CLI commands as Bash', () => {
  it('takes the script of `bash -lc`, and quotes any other argv back into one command line', () => {
    expect(commandLine(['bash', '-lc', "rg -n 'todo' src | head"])).toBe("rg -n 'todo' src | head");
    expect(commandLine(['/bin/zsh', '-c', 'ls'])).toBe('ls');
    expect(commandLine(['ls', '-la', 'my dir', "it's"])).toBe(`ls -la 'my dir' 'it'\\''s'`);
  });

  it('maps shell, container.exec, local_shell, shell_command and exec_command, with their folder and timeout', () => {
    expect(playgroundCall('shell', { command: ['bash', '-lc', 'ls'], workdir: CWD, timeout_ms: 5000 }, CWD)).toEqual({ name: 'Bash', input: { command: 'ls', timeout: 5000 } });
    expect(playgroundCall('container.exec', { command: ['ls'], workdir: `${CWD}/src` }, CWD)).toEqual({ name: 'Bash', input: { command: `cd ${CWD}/src && ls` } });
    expect(playgroundCall('local_shell', { type: 'exec', command: ['pwd'], working_directory: '/tmp', timeout_ms: null }, CWD)).toEqual({ name: 'Bash', input: { command: 'cd /tmp && pwd' } });
    expect(playgroundCall('shell_command', { command: 'npm test', workdir: CWD, timeout_ms: 9_999_999 }, CWD)).toEqual({ name: 'Bash', input: { command: 'npm test' } });
    expect(playgroundCall('exec_command', { cmd: 'cargo build', yield_time_ms: 1000 }, CWD)).toEqual({ name: 'Bash', input: { command: 'cargo build' } });
  });

  it('reads a patch applied through the shell (its argv, or a heredoc) as the patch', () => {
    const text = patch('*** Add File: notes.md', '+hello');
    expect(playgroundCall('shell', { command: ['apply_patch', text], workdir: CWD }, CWD)).toEqual({ name: 'Write', input: { file_path: `${CWD}/notes.md`, content: 'hello\n' } });
    expect(playgroundCall('shell', { command: ['bash', '-lc', `apply_patch <<'EOF'\n${text}\nEOF`] }, CWD)).toEqual({ name: 'Write', input: { file_path: 'notes.md', content: 'hello\n' } });
  });
});

describe('the other Codex CLI tools', () => {
  it('maps update_plan to TodoWrite, view_image to Read and a web search to WebSearch', () => {
    expect(playgroundCall('update_plan', { explanation: 'x', plan: [{ step: 'Run the tests', status: 'in_progress' }] }, CWD)).toEqual({
      name: 'TodoWrite',
      input: { todos: [{ content: 'Run the tests', status: 'in_progress', activeForm: 'Run the tests' }] },
    });
    expect(playgroundCall('view_image', { path: `${CWD}/a.png` }, CWD)).toEqual({ name: 'Read', input: { file_path: `${CWD}/a.png` } });
    expect(playgroundCall('web_search', { query: 'vitest' }, CWD)).toEqual({ name: 'WebSearch', input: { query: 'vitest' } });
  });

  it('names MCP tools mcp__server__tool, whichever way the version wrote them', () => {
    expect(playgroundCall('docs__search', { q: 1 }, CWD)).toEqual({ name: 'mcp__docs__search', input: { q: 1 } });
    expect(playgroundCall('mcp__docs__search', { q: 1 }, CWD)).toEqual({ name: 'mcp__docs__search', input: { q: 1 } });
  });

  it('keeps a tool the playground does not have under its own name, and arguments that are not JSON as their text', () => {
    expect(playgroundCall('write_stdin', { session_id: 3, chars: 'q' }, CWD)).toEqual({ name: 'write_stdin', input: { session_id: 3, chars: 'q' } });
    expect(playgroundCall('shell', '{"command": ["ls"', CWD)).toEqual({ name: 'shell', input: '{"command": ["ls"' });
    expect(playgroundCall('shell', { command: 'ls' }, CWD)).toEqual({ name: 'shell', input: { command: 'ls' } });
  });
});

describe('apply_patch as the playground’s file tools', () => {
  it('makes an added file a Write, one hunk an Edit and several a MultiEdit', () => {
    expect(patchAsTool(patch('*** Add File: a/b.txt', '+one', '+two'), '')).toEqual({ name: 'Write', input: { file_path: 'a/b.txt', content: 'one\ntwo\n' } });
    expect(patchAsTool(patch('*** Update File: src/x.ts', '@@ function f() {', ' const a = 1;', '-return a;', '+return a + 1;'), '')).toEqual({
      name: 'Edit',
      input: { file_path: 'src/x.ts', old_string: 'const a = 1;\nreturn a;', new_string: 'const a = 1;\nreturn a + 1;' },
    });
    // The first hunk may go without "@@"; "*** End of File" and padded markers are taken as Codex takes them.
    expect(patchAsTool(patch('  *** Update File: m.txt', '-line2', '+changed2', '@@', '-line4', '+changed4', '*** End of File'), '/w')).toEqual({
      name: 'MultiEdit',
      input: { file_path: '/w/m.txt', edits: [{ old_string: 'line2', new_string: 'changed2' }, { old_string: 'line4', new_string: 'changed4' }] },
    });
    // On Windows a patch may name its file from the drive: it is not put under the call's folder.
    expect(patchAsTool(patch('*** Add File: C:\\w\\a.txt', '+one'), 'C:\\w')).toEqual({ name: 'Write', input: { file_path: 'C:\\w\\a.txt', content: 'one\n' } });
    expect(patchAsTool(patch('*** Add File: a.txt', '+one'), 'C:\\w')).toEqual({ name: 'Write', input: { file_path: 'C:\\w/a.txt', content: 'one\n' } });
  });

  it('keeps apply_patch, and says why, for several files, a deletion, a move, a bare addition or no patch at all', () => {
    const why = (text: string) => {
      const tool = patchAsTool(text, '');
      return 'why' in tool ? tool.why : tool.name;
    };
    expect(why(patch('*** Add File: a', '+a', '*** Delete File: b'))).toBe('changes 2 files (a, b)');
    expect(why(patch('*** Delete File: old.txt'))).toBe('deletes old.txt');
    expect(why(patch('*** Update File: a.txt', '*** Move to: b.txt', '@@', '-x', '+y'))).toBe('moves a.txt to b.txt');
    expect(why(patch('*** Update File: a.txt', '@@', '+added'))).toBe('adds lines to a.txt with no context lines to place them');
    expect(why('rm -rf /')).toBe('is not a patch the importer can read');
    expect(parsePatch(patch('*** Update File: a.txt', '@@', '?what'))).toBeNull();
  });

  it('notes the patch it cannot map, for the session’s unknowns', () => {
    const mapped = playgroundCall('apply_patch', { input: patch('*** Delete File: old.txt') }, CWD);
    expect(mapped).toEqual({ name: 'apply_patch', input: { input: patch('*** Delete File: old.txt') }, note: 'apply_patch deletes old.txt: kept as apply_patch, a tool the playground does not have' });
  });
});
