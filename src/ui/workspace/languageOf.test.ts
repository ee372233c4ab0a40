import { describe, expect, it } from 'vitest';
import { languageOf } from './languageOf';

describe('languageOf', () => {
  it.each([
    ['src/app.ts', 'typescript'],
    ['src/App.TSX', 'typescript'],
    ['index.mjs', 'javascript'],
    ['package.json', 'json'],
    ['README.md', 'markdown'],
    ['tools/run.py', 'python'],
    ['styles/site.css', 'css'],
    ['index.html', 'html'],
    ['scripts/build.sh', 'shell'],
    ['.bashrc', 'shell'],
    ['.eslintrc', 'json'],
  ])('maps %s to %s', (path, language) => {
    expect(languageOf(path)).toBe(language);
  });

  it('falls back to plaintext for unknown or missing extensions', () => {
    expect(languageOf('Makefile')).toBe('plaintext');
    expect(languageOf('notes.txt')).toBe('plaintext');
    expect(languageOf('.gitignore')).toBe('plaintext');
    expect(languageOf('dir.d/file')).toBe('plaintext');
  });
});
