import { describe, expect, it } from 'vitest';
import { BashTool } from '../bash/BashTool';
import { EditTool } from '../file/EditTool';
import { ReadTool } from '../file/ReadTool';
import { WriteTool } from '../file/WriteTool';
import { GlobTool } from '../search/GlobTool';
import { GrepTool } from '../search/GrepTool';
import type { AnyTool } from '../types';
import { decideByRules, isDeniedAsWhole, parseRuleSet, type RuleSet } from './rules';

const ROOT = '/workspace';

function rules(lists: Partial<{ allow: string[]; ask: string[]; deny: string[] }>): RuleSet {
  const parsed = parseRuleSet({ allow: lists.allow ?? [], ask: lists.ask ?? [], deny: lists.deny ?? [] });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.rules;
}
const bash = (set: RuleSet, command: string) => decideByRules(BashTool as AnyTool, { command }, set, ROOT, 'default')?.behavior;

/** Commands written to slip a `rm` past the rules. None may be allowed by `rm` being denied. */
const SLIPPERY = [
  'rm x', 'rm -rf x', 'rm  -rf x', 'ls && rm -rf x', 'ls; rm x', 'ls || rm x', 'ls | rm x', 'ls & rm x', 'ls\nrm x',
  '$(rm x)', 'echo $(rm x)', '`rm x`', 'echo `rm x`', 'echo "$(rm x)"', '(rm x)', '{ rm x; }', '/bin/rm x', '/usr/bin/rm -rf x',
  "'rm' x", '"rm" x', "r'm' x", 'r\\m x', 'rm x > /dev/null', 'rm x 2>&1', 'ls > out; rm x', 'true && (ls; rm x)',
  'echo ok | sh', 'echo rm x | bash', 'eval "rm x"', 'xargs rm < list', 'sudo rm x', 'env rm x', 'nohup rm x', 'sh -c "rm x"',
  'bash -c "rm -rf /"', 'timeout 5 rm x', '$CMD x', '${RM:-rm} x', 'for f in a; do rm $f; done', 'if true; then rm x; fi',
  'cat <(rm x)', 'ls $(rm x)',
];

describe('Bash rules against commands written to slip past them', () => {
  it(`lets none of ${SLIPPERY.length} commands through a deny of rm`, () => {
    expect(SLIPPERY.length).toBeGreaterThanOrEqual(40);
    const set = rules({ deny: ['Bash(rm:*)'], allow: ['Bash(ls:*)', 'Bash(echo:*)', 'Bash(true)', 'Bash(cat:*)'] });
    for (const command of SLIPPERY) expect(bash(set, command), command).not.toBe('allow');
    for (const command of SLIPPERY) expect(bash(set, command), command).toMatch(/deny|ask/);
  });

  it('allows none of them by a prefix or wildcard allow that should not cover them', () => {
    const set = rules({ allow: ['Bash(ls:*)', 'Bash(echo *)', 'Bash(git status)'] });
    for (const command of SLIPPERY) expect(bash(set, command), command).not.toBe('allow');
  });

  it('denies a compound command when any part is denied', () => {
    const set = rules({ deny: ['Bash(git push:*)'], allow: ['Bash(git status)'] });
    expect(bash(set, 'git status && git push origin main')).toBe('deny');
  });

  it('matches prefix, wildcard and exact rules on simple commands', () => {
    const set = rules({ allow: ['Bash(npm run test:*)', 'Bash(git log *)', 'Bash(ls -la)'] });
    expect(bash(set, 'npm run test')).toBe('allow');
    expect(bash(set, 'npm run test -- --watch')).toBe('allow');
    expect(bash(set, 'npm run testing')).toBeUndefined();
    expect(bash(set, 'git log --oneline')).toBe('allow');
    expect(bash(set, 'git log')).toBe('allow');
    expect(bash(set, 'ls -la')).toBe('allow');
    expect(bash(set, 'ls -la /')).toBeUndefined();
  });

  it('never allows a compound command by a prefix rule, but an exact rule naming it all does', () => {
    expect(bash(rules({ allow: ['Bash(ls:*)'] }), 'ls && ls')).toBeUndefined();
    expect(bash(rules({ allow: ['Bash(ls ; pwd)'] }), 'ls && pwd')).toBe('allow');
  });

  it('asks for a command that cannot be parsed', () => {
    expect(bash(rules({ allow: ['Bash(echo:*)'] }), 'echo "unterminated')).toBe('ask');
  });

  it('checks deny, then ask, then allow: first match wins', () => {
    const set = rules({ deny: ['Bash(rm:*)'], ask: ['Bash(git:*)'], allow: ['Bash(git:*)', 'Bash(rm:*)'] });
    expect(bash(set, 'rm x')).toBe('deny');
    expect(bash(set, 'git status')).toBe('ask');
  });
});

describe('path rules', () => {
  const read = (set: RuleSet, tool: AnyTool, input: unknown) => decideByRules(tool, input, set, ROOT, 'default')?.behavior;

  it('covers every reading tool with Read rules, Glob and Grep included', () => {
    const set = rules({ deny: ['Read(secrets/**)'] });
    expect(read(set, ReadTool as AnyTool, { file_path: 'secrets/key.pem' })).toBe('deny');
    expect(read(set, ReadTool as AnyTool, { file_path: `${ROOT}/secrets/key.pem` })).toBe('deny');
    expect(read(set, GrepTool as AnyTool, { pattern: 'x', path: 'secrets' })).toBe('deny');
    expect(read(set, GlobTool as AnyTool, { pattern: '*', path: 'secrets/deep' })).toBe('deny');
    expect(read(set, ReadTool as AnyTool, { file_path: 'src/a.ts' })).toBeUndefined();
  });

  it('covers every writing tool with Edit rules', () => {
    const set = rules({ allow: ['Edit(docs/**)'], deny: ['Edit(*.lock)'] });
    expect(read(set, WriteTool as AnyTool, { file_path: 'docs/a.md', content: '' })).toBe('allow');
    expect(read(set, EditTool as AnyTool, { file_path: 'docs/a.md', old_string: 'a', new_string: 'b' })).toBe('allow');
    expect(read(set, WriteTool as AnyTool, { file_path: 'deep/package.lock', content: '' })).toBe('deny');
    expect(read(set, WriteTool as AnyTool, { file_path: 'src/a.ts', content: '' })).toBeUndefined();
  });

  it('match where a path really leads through a symbolic link: a deny or ask on either path speaks, an allow must cover both', () => {
    const through = (set: RuleSet, tool: AnyTool, input: unknown, real: string) => decideByRules(tool, input, set, ROOT, 'default', real);
    const set = rules({ allow: ['Edit(src/**)', 'Read(src/**)'], ask: ['Read(notes/**)'], deny: ['Read(.env)', 'Edit(secrets/**)'] });
    const denied = through(set, ReadTool as AnyTool, { file_path: 'src/env-link' }, `${ROOT}/.env`);
    expect(denied).toEqual({ behavior: 'deny', reason: 'the deny rule Read(.env) matches (src/env-link is a symbolic link to .env)' });
    expect(through(set, GrepTool as AnyTool, { pattern: 'x', path: 'link' }, `${ROOT}/.env`)?.behavior).toBe('deny');
    expect(through(set, WriteTool as AnyTool, { file_path: 'src/key', content: '' }, `${ROOT}/secrets/key`)?.behavior).toBe('deny');
    expect(through(set, ReadTool as AnyTool, { file_path: 'src/n' }, `${ROOT}/notes/today`)?.behavior).toBe('ask');
    // The allow rule covers the link, not the file it leads to: the mode decides.
    expect(through(set, EditTool as AnyTool, { file_path: 'src/x', old_string: 'a', new_string: 'b' }, `${ROOT}/other/x`)).toBeUndefined();
    expect(through(set, EditTool as AnyTool, { file_path: 'src/x', old_string: 'a', new_string: 'b' }, `${ROOT}/src/y`)?.behavior).toBe('allow');
  });

  it('removes a tool denied as a whole from the pool, not one denied in part', () => {
    expect(isDeniedAsWhole(BashTool as AnyTool, rules({ deny: ['Bash'] }))).toBeDefined();
    expect(isDeniedAsWhole(BashTool as AnyTool, rules({ deny: ['Bash(*)'] }))).toBeDefined();
    expect(isDeniedAsWhole(BashTool as AnyTool, rules({ deny: ['Bash(rm:*)'] }))).toBeUndefined();
  });

  it('reports a malformed rule with its place', () => {
    const parsed = parseRuleSet({ allow: ['Bash(ls'], ask: [], deny: [] });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors[0]!.path).toBe('settings.allow[0]');
  });
});

describe('MCP server rules', () => {
  const mcpTool = (name: string) => ({ ...(GlobTool as AnyTool), name, isMcp: true }) as AnyTool;

  it('mcp__server and mcp__server__* cover every tool of that server; mcp__server__tool is exact', () => {
    for (const rule of ['mcp__demo', 'mcp__demo__*']) {
      const set = rules({ deny: [rule] });
      expect(isDeniedAsWhole(mcpTool('mcp__demo__get_weather'), set), rule).toBeDefined();
      expect(isDeniedAsWhole(mcpTool('mcp__demolition__x'), set), rule).toBeUndefined();
      expect(isDeniedAsWhole(mcpTool('mcp__other__get_weather'), set), rule).toBeUndefined();
    }
    const exact = rules({ deny: ['mcp__demo__create_issue'] });
    expect(isDeniedAsWhole(mcpTool('mcp__demo__create_issue'), exact)).toBeDefined();
    expect(isDeniedAsWhole(mcpTool('mcp__demo__lookup_issue'), exact)).toBeUndefined();
  });
});

describe('rules written slightly wrong are refused by name, not kept to match nothing', () => {
  const errorsOf = (deny: string[]) => {
    const parsed = parseRuleSet({ allow: [], ask: [], deny });
    return parsed.ok ? [] : parsed.errors;
  };

  it('a tool name no tool has, with the name it most likely meant', () => {
    expect(errorsOf(['read(secrets/**)'])).toEqual([{ path: 'settings.deny[0]', message: expect.stringContaining('no tool is called "read": did you mean Read?') as string }]);
    expect(errorsOf(['Reed(secrets/**)'])[0]?.message).toContain('did you mean Read?');
    expect(errorsOf(['WebFecth'])[0]?.message).toContain('did you mean WebFetch?');
    expect(errorsOf(['Frobnicate(x)'])[0]?.message).toBe('"Frobnicate(x)": no tool is called "Frobnicate" (rules name tools as Read, Bash, WebFetch or mcp__server__tool)');
  });

  it('an unpaired bracket in the pattern', () => {
    expect(errorsOf(['Read(secrets/**))'])[0]?.message).toContain('has a ")" that closes no "("');
    expect(errorsOf(['Bash(echo $(date)'])[0]?.message).toContain('has a "(" that is never closed');
  });

  it('keeps what is right: every tool and alias, the agents’ own tools, MCP tools, brackets that pair, are quoted or escaped', () => {
    expect(errorsOf(['Read(secrets/**)', 'Task', 'MultiEdit(src/**)', 'LS', 'NotebookRead', 'mcp__github__create_issue', 'mcp__files', 'Bash(echo $(date))', 'Bash(echo ")")', 'Bash(echo \\))'])).toEqual([]);
    // The rule as written still stops the call it was meant for.
    expect(decideByRules(ReadTool as AnyTool, { file_path: `${ROOT}/secrets/key` }, rules({ deny: ['Read(secrets/**)'] }), ROOT, 'default')?.behavior).toBe('deny');
  });
});
