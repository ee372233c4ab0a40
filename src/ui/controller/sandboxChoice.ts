import type { Sandbox, SandboxKind } from '../../sandbox/types';

/** Which sandbox the page runs on, and why when it is not WebContainer. */
export interface SandboxChoice {
  kind: SandboxKind;
  /** `checking` while WebContainer boots (runs meanwhile use the virtual sandbox). */
  state: 'checking' | 'ready';
  /** Why the page fell back to the virtual sandbox (shown on the badge). */
  reason?: string;
  /** A fresh, empty sandbox for one run. */
  create(): Promise<Sandbox>;
}

async function createVirtual(): Promise<Sandbox> {
  // just-bash loads on demand: it is not part of the first paint.
  const { createVirtualSandbox } = await import('../../sandbox/virtualSandbox');
  return createVirtualSandbox({});
}

/** The virtual sandbox, with the reason WebContainer is not used. */
export function virtualChoice(reason: string | undefined, state: SandboxChoice['state'] = 'ready'): SandboxChoice {
  return { kind: 'virtual', state, ...(reason !== undefined ? { reason } : {}), create: createVirtual };
}

/**
 * Chooses the page's sandbox: WebContainer when the page is cross-origin isolated and it
 * boots within its timeout, else the virtual sandbox with the reason. `forced` comes from
 * `?sandbox=virtual|webcontainer`.
 */
export async function chooseSandbox(options: { forced?: SandboxKind; timeoutMs?: number } = {}): Promise<SandboxChoice> {
  if (options.forced === 'virtual') return virtualChoice('the virtual sandbox was asked for in the URL (?sandbox=virtual)');
  const { bootWebContainer } = await import('../../sandbox/webcontainer/boot');
  const boot = await bootWebContainer({ timeoutMs: options.timeoutMs ?? 20_000 });
  if (!boot.ok) return virtualChoice(`WebContainer is not available: ${boot.reason}`);
  const instance = boot.instance;
  return {
    kind: 'webcontainer',
    state: 'ready',
    async create() {
      const { createWebContainerSandbox } = await import('../../sandbox/webcontainer/webcontainerSandbox');
      // One instance per page: empty its workdir so each run starts from the scenario's files.
      for (const entry of await instance.fs.readdir('.', { withFileTypes: true })) {
        await instance.fs.rm(entry.name, { recursive: true, force: true });
      }
      return createWebContainerSandbox(instance);
    },
  };
}
