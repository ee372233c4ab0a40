/**
 * A Vite plugin: `<file>.json?outline` is that JSON file's `title` and `description` and nothing
 * more, as a module with those two exports. The page lists the built-in lessons from them in its
 * first paint and loads a lesson's whole JSON when it is opened (docs/design.md, The page). Used by
 * vite.config.ts and vitest.config.ts alike.
 */
import { readFile } from 'node:fs/promises';

const QUERY = '?outline';

/** The module of a lesson's outline: its title and description, `''` where the file has none. */
export function outlineModule(jsonText) {
  const value = JSON.parse(jsonText);
  const text = (key) => (value !== null && typeof value === 'object' && typeof value[key] === 'string' ? value[key] : '');
  return `export const title = ${JSON.stringify(text('title'))};\nexport const description = ${JSON.stringify(text('description'))};\n`;
}

/** @returns {import('vite').Plugin} */
export function lessonOutline() {
  return {
    name: 'lesson-outline',
    enforce: 'pre',
    load: {
      // The bundler asks JavaScript only for these ids, not for each of the page's 2,300 modules.
      filter: { id: /\.json\?outline$/ },
      async handler(id) {
        if (!id.endsWith(`.json${QUERY}`)) return null;
        const file = id.slice(0, -QUERY.length);
        this.addWatchFile(file);
        return { code: outlineModule(await readFile(file, 'utf8')), moduleType: 'js' };
      },
    },
  };
}
