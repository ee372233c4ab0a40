import { describe, expect, it } from 'vitest';
import { outlineModule } from './lessonOutline.js';

describe('a lesson’s outline module', () => {
  it('holds its title and description only, quoted as JavaScript strings', () => {
    const code = outlineModule(JSON.stringify({ id: 'a', title: 'A "quoted" title', description: 'Line one\nline two', turns: [{ stream: [] }] }));
    expect(code).toBe('export const title = "A \\"quoted\\" title";\nexport const description = "Line one\\nline two";\n');
  });

  it('gives an empty string for a field that is missing or not text', () => {
    expect(outlineModule('{"title": 7}')).toBe('export const title = "";\nexport const description = "";\n');
    expect(outlineModule('[]')).toBe('export const title = "";\nexport const description = "";\n');
  });
});
