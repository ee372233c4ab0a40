import { describe, expect, it } from 'vitest';
import readme from '../../README.md?raw';
import { withFormatsList } from './formatsDoc';
import { SESSION_FORMATS } from './import/sessionFormats';

describe('the README’s list of session formats', () => {
  it('is what the formats’ table says today (run `npm run docs:formats` after changing it)', () => {
    expect(readme).toBe(withFormatsList(readme));
  });

  it('names every format of the table', () => {
    for (const format of SESSION_FORMATS) expect(readme).toContain(`- **${format.name}**:`);
  });
});
