import { describe, expect, it } from 'vitest';
import { benignExitMeaning, lastCommandName } from './exitCodeMeaning';

describe('lastCommandName', () => {
  it.each([
    ['grep foo file', 'grep'],
    ['cat a | grep foo', 'grep'],
    ['grep foo a && echo found', 'echo'],
    ['echo start; rg needle src', 'rg'],
    ['FOO=1 BAR=2 diff a b', 'diff'],
    ['! test -f x', 'test'],
    ['[ -f x ]', '['],
    ['/usr/bin/grep x y', 'grep'],
    ['grep "a;b|c" file', 'grep'],
    ["grep 'x && y' file", 'grep'],
    ['echo $(grep x y)', 'echo'],
    ['grep x y 2>&1', 'grep'],
    ['grep x y &>/dev/null', 'grep'],
    ['(cd src && grep x *.ts)', 'grep'],
    ['ls\ngrep x y', 'grep'],
    ['grep x y;', 'grep'],
  ])('%s → %s', (command, name) => {
    expect(lastCommandName(command)).toBe(name);
  });

  it('is undefined for an empty command', () => {
    expect(lastCommandName('  ')).toBeUndefined();
  });
});

describe('benignExitMeaning', () => {
  it('explains exit 1 of grep, rg, diff and test', () => {
    expect(benignExitMeaning('grep x y', 1)).toMatch(/no line matched/);
    expect(benignExitMeaning('rg x', 1)).toMatch(/no line matched/);
    expect(benignExitMeaning('diff a b', 1)).toMatch(/differ/);
    expect(benignExitMeaning('test -f x', 1)).toMatch(/false/);
    expect(benignExitMeaning('[ -f x ]', 1)).toMatch(/false/);
  });

  it('leaves other exit codes and other commands as errors', () => {
    expect(benignExitMeaning('grep x y', 2)).toBeUndefined();
    expect(benignExitMeaning('false', 1)).toBeUndefined();
    expect(benignExitMeaning('grep x y && false', 1)).toBeUndefined();
    expect(benignExitMeaning('constructor', 1)).toBeUndefined();
  });
});
