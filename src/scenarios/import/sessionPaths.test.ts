import { describe, expect, it } from 'vitest';
import { relativeCommand, relativeInput, relativeToSession } from './sessionPaths';

describe('paths of a session made relative to its folder', () => {
  it('places a POSIX path inside the folder, and nothing outside it', () => {
    expect(relativeToSession('/home/me/app/src/a.ts', '/home/me/app')).toBe('src/a.ts');
    expect(relativeToSession('/home/me/apple/a.ts', '/home/me/app')).toBeNull();
    expect(relativeToSession('./src//a.ts', '/home/me/app')).toBe('src/a.ts');
    expect(relativeToSession('../a.ts', '/home/me/app')).toBeNull();
  });

  it('places a Windows path written with either slash, its drive in either case', () => {
    expect(relativeToSession('C:\\Users\\me\\app\\src\\a.ts', 'c:/Users/me/app')).toBe('src/a.ts');
    expect(relativeToSession('c:/users/me/app/src/a.ts', 'C:\\Users\\me\\app\\')).toBe('src/a.ts');
    expect(relativeToSession('src\\a.ts', 'C:\\Users\\me\\app')).toBe('src/a.ts');
    expect(relativeToSession('D:\\other\\a.ts', 'C:\\Users\\me\\app')).toBeNull();
    expect(relativeToSession('C:\\Users\\me\\apple\\a.ts', 'C:\\Users\\me\\app')).toBeNull();
  });

  it('never hands back a path a scenario’s workspace refuses (it would fail the whole import)', () => {
    // A Windows relative path in a session whose folder is POSIX or unknown, a control character, the one key an object drops.
    expect(relativeToSession('src\\a.ts', '/home/me/app')).toBeNull();
    expect(relativeToSession('src\\a.ts', '')).toBeNull();
    expect(relativeToSession('src/a\u0000.ts', '/home/me/app')).toBeNull();
    expect(relativeToSession('__proto__', '/home/me/app')).toBeNull();
    expect(relativeToSession('C:notes.txt', '')).toBeNull();
  });

  it('never hands back an absolute path as if it were relative', () => {
    // A Windows path in a session whose folder is unknown or POSIX lies outside: never a workspace file named "C:\…".
    expect(relativeToSession('C:\\Users\\me\\app\\a.ts', '')).toBeNull();
    expect(relativeToSession('C:\\Users\\me\\app\\a.ts', '/home/me/app')).toBeNull();
    expect(relativeToSession('\\\\server\\share\\a.ts', 'C:\\app')).toBeNull();
  });

  it('rewrites a Windows call’s paths and command against its folder', () => {
    const cwd = 'C:\\Users\\me\\app';
    expect(relativeInput({ file_path: 'C:\\Users\\me\\app\\src\\a.ts' }, cwd)).toEqual({ file_path: 'src/a.ts' });
    expect(relativeInput({ path: 'c:/users/me/app' }, cwd)).toEqual({ path: '.' });
    expect(relativeInput({ path: 'src\\lib' }, cwd)).toEqual({ path: 'src/lib' });
    expect(relativeInput({ file_path: 'D:\\elsewhere\\a.ts' }, cwd)).toEqual({ file_path: 'D:\\elsewhere\\a.ts' });
    expect(relativeCommand('type C:\\Users\\me\\app\\src\\a.ts && dir C:/Users/me/app', cwd)).toBe('type src\\a.ts && dir .');
    expect(relativeCommand('cat /home/me/app/src/a.ts', '/home/me/app')).toBe('cat src/a.ts');
    // A POSIX folder is followed by its own slash only: an escaped space after it is not a separator.
    expect(relativeCommand('ls /home/me/app\\ copy', '/home/me/app')).toBe('ls /home/me/app\\ copy');
  });
});
