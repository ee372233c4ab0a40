import { describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import { mountWorkspace, snapshotFiles } from './session';

describe('snapshotFiles', () => {
  it('pauses every so many files when asked, and reads the same files as without pauses', async () => {
    const sandbox = createVirtualSandbox({});
    const files = Object.fromEntries(Array.from({ length: 45 }, (_, i) => [`src/f${String(i).padStart(2, '0')}.ts`, `export const f = ${i};\n`]));
    await mountWorkspace(sandbox, files);
    let pauses = 0;
    const paused = await snapshotFiles(sandbox, { pause: async () => void pauses++, pauseEvery: 10 });
    expect(pauses).toBe(4);
    expect(paused).toEqual(await snapshotFiles(sandbox));
    expect(Object.keys(paused)).toHaveLength(45);
  });
});
