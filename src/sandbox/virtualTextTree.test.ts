import fc from 'fast-check';
import { InMemoryFs } from 'just-bash';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalkEntry } from './types';
import { createVirtualSandbox } from './virtualSandbox';
import { keptListing, withPrefix } from './virtualTextTree';

afterEach(() => {
  vi.restoreAllMocks();
});

const paths = (entries: readonly WalkEntry[]) => entries.map((entry) => `${entry.path} ${entry.type}`);

describe('the virtual sandbox keeps its listing until something changes', () => {
  it('lists once for any number of walks and searches while nothing changes', async () => {
    const sandbox = createVirtualSandbox({ 'src/a.ts': 'a', 'b.md': 'b' });
    const listing = vi.spyOn(InMemoryFs.prototype, 'getAllPaths');
    const lstat = vi.spyOn(InMemoryFs.prototype, 'lstat');
    const first = await sandbox.fs.walk('/workspace');
    expect(paths(first)).toEqual(['/workspace/b.md file', '/workspace/src directory', '/workspace/src/a.ts file']);
    const looked = lstat.mock.calls.length;
    expect(paths(await sandbox.fs.walk('/workspace/src'))).toEqual(['/workspace/src/a.ts file']);
    expect((await sandbox.fs.readTree!('/workspace')).map((file) => file.path)).toEqual(['/workspace/b.md', '/workspace/src/a.ts']);
    expect(listing).toHaveBeenCalledTimes(1);
    expect(lstat).toHaveBeenCalledTimes(looked);
    // Each walk hands out an array of its own.
    first.length = 0;
    expect(await sandbox.fs.walk('/workspace')).toHaveLength(3);
  });

  it('lists again after every kind of change, from the port, a command or the terminal', async () => {
    const sandbox = createVirtualSandbox({ 'a.txt': 'a' });
    const walk = async () => paths(await sandbox.fs.walk('/workspace'));
    expect(await walk()).toEqual(['/workspace/a.txt file']);
    await sandbox.fs.writeFile('/workspace/b.txt', 'b');
    expect(await walk()).toEqual(['/workspace/a.txt file', '/workspace/b.txt file']);
    await sandbox.fs.rename('/workspace/b.txt', '/workspace/c.txt');
    expect(await walk()).toEqual(['/workspace/a.txt file', '/workspace/c.txt file']);
    await sandbox.fs.rm('/workspace/c.txt');
    await sandbox.fs.mkdir('/workspace/empty');
    expect(await walk()).toEqual(['/workspace/a.txt file', '/workspace/empty directory']);
    // A file replaced by a link is no file any more: nothing reads through it.
    await sandbox.exec('rm a.txt && ln -s /outside a.txt && cp -r empty full && touch full/x');
    expect(await walk()).toEqual(['/workspace/empty directory', '/workspace/full directory', '/workspace/full/x file']);
    const shell = sandbox.shell!();
    shell.write('ln -s full/x y && rm -r empty\r');
    await vi.waitFor(async () => expect(await walk()).toEqual(['/workspace/full directory', '/workspace/full/x file']), { timeout: 5000 });
    shell.close();
  });

  it('does not keep a listing the file system changed under', async () => {
    let version = 0;
    let calls = 0;
    const listing = keptListing(
      () => version,
      () => {
        calls++;
        // A change lands while the first listing is taken.
        if (calls === 1) version++;
        return Promise.resolve([{ path: `/w/listing-${calls}`, type: 'file' as const }]);
      },
    );
    expect(paths(await listing('/w'))).toEqual(['/w/listing-1 file']);
    expect(paths(await listing('/w'))).toEqual(['/w/listing-2 file']);
    expect(paths(await listing('/w'))).toEqual(['/w/listing-2 file']);
    version++;
    expect(paths(await listing('/w'))).toEqual(['/w/listing-3 file']);
    expect(calls).toBe(3);
  });
});

describe('the entries under a root', () => {
  it('are those a filter on the prefix keeps, in order, however close the neighbouring names sort', () => {
    const segment = fc.constantFrom('src', 'src-x', 'src2', 'src.d', 'sr', 'a', 'z', '', '\u00e9');
    const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`);
    fc.assert(
      fc.property(fc.array(path), fc.array(segment, { maxLength: 3 }), (all, rootParts) => {
        const sorted = [...new Set(all)].sort().map((p) => ({ path: p }));
        const prefix = `/${rootParts.map((part) => `${part}/`).join('')}`;
        expect(withPrefix(sorted, prefix)).toEqual(sorted.filter((entry) => entry.path.startsWith(prefix)));
      }),
      { numRuns: 2000 },
    );
    const listing = [{ path: '/w/src-x/a' }, { path: '/w/src/a' }, { path: '/w/src/b/c' }, { path: '/w/src2/a' }];
    expect(withPrefix(listing, '/w/src/')).toEqual([{ path: '/w/src/a' }, { path: '/w/src/b/c' }]);
  });
});
