import { describe, expect, it } from 'vitest';
import { bootWebContainer } from './boot';
import { createWebContainerSandbox } from './webcontainerSandbox';

// A real boot needs a cross-origin isolated browser page (SharedArrayBuffer) and StackBlitz's
// servers, which serve the runtime. Node has neither, so under Vitest this is always skipped;
// it runs where both hold (a browser test runner on an isolated page, online).
const canBootReal = globalThis.crossOriginIsolated === true && typeof navigator !== 'undefined' && navigator.onLine === true;

describe.skipIf(!canBootReal)('the real WebContainer (skipped: needs a cross-origin isolated browser page and network to StackBlitz; Node has neither)', () => {
  it('boots, writes a file through the adapter and reads it back with jsh', async () => {
    const boot = await bootWebContainer();
    if (!boot.ok) throw new Error(boot.reason);
    const sandbox = createWebContainerSandbox(boot.instance);
    await sandbox.fs.writeFile(`${sandbox.root}/hello.txt`, 'hello\n');
    const result = await sandbox.exec('cat hello.txt');
    expect(result).toMatchObject({ exitCode: 0, stdout: 'hello\n' });
    expect(await sandbox.fs.stat(`${sandbox.root}/hello.txt`)).toMatchObject({ type: 'file', size: 6 });
    await sandbox.dispose();
  });
});
