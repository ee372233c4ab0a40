import type { BootOptions } from '@webcontainer/api';
import type { WebContainerBootApi, WebContainerLike } from './webcontainerLike';

/** Options of {@link bootWebContainer}. */
export interface BootWebContainerOptions {
  /** How long to wait for the boot; it can hang with no error when StackBlitz is unreachable. */
  timeoutMs?: number;
  /** Must match the page's Cross-Origin-Embedder-Policy header; fixed by the first boot. */
  coep?: NonNullable<BootOptions['coep']>;
  /** The workdir becomes `/home/<workdirName>`; fixed by the first boot. */
  workdirName?: string;
  /** Stands in for `@webcontainer/api`'s `WebContainer` (tests pass a fake `{ boot }`). */
  api?: WebContainerBootApi;
}

/** A booted instance, or why there is none, in words for the page's fallback notice. */
export type WebContainerBoot = { ok: true; instance: WebContainerLike } | { ok: false; reason: string };

/** What this module keeps in Vite's HMR data, which outlives the module across hot reloads. */
interface HotData {
  webcontainerBoot?: Promise<WebContainerLike>;
}

// One boot per page. Booting again (as a hot reload re-running this module would) breaks the
// first instance ("proxy has been released"), so the promise also lives in Vite's HMR data.
const hotData = import.meta.hot?.data as HotData | undefined;
let booting = hotData?.webcontainerBoot;

/**
 * Boots WebContainer once per page and hands back the instance, or a reason to fall back to the
 * virtual sandbox. Later calls reuse the first boot, its `coep` and `workdirName` included. A boot
 * that timed out is kept: it may still finish, and a retry then gets it instead of booting twice.
 * A boot that failed is forgotten, so a retry boots again.
 */
export async function bootWebContainer(options: BootWebContainerOptions = {}): Promise<WebContainerBoot> {
  const { timeoutMs = 30_000, coep = 'require-corp', workdirName = 'workspace' } = options;
  if (globalThis.crossOriginIsolated !== true) {
    return { ok: false, reason: 'the page is not cross-origin isolated (COOP/COEP headers missing)' };
  }
  if (booting === undefined) {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      return { ok: false, reason: "the browser is offline: WebContainer loads its runtime from StackBlitz's servers" };
    }
    booting = startBoot(options.api, { coep, workdirName });
    if (hotData) hotData.webcontainerBoot = booting;
  }
  return settle(booting, timeoutMs);
}

async function startBoot(api: WebContainerBootApi | undefined, bootOptions: BootOptions): Promise<WebContainerLike> {
  // Imported here so the API (and its StackBlitz loader) is not in the page's first bundle.
  const boot = api ?? (await import('@webcontainer/api')).WebContainer;
  return boot.boot(bootOptions);
}

async function settle(boot: Promise<WebContainerLike>, timeoutMs: number): Promise<WebContainerBoot> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([boot, timedOut]);
    if (outcome === 'timeout') {
      const seconds = Math.round(timeoutMs / 100) / 10;
      return { ok: false, reason: `WebContainer did not boot within ${seconds} s: StackBlitz's servers could not be reached (offline or blocked)` };
    }
    return { ok: true, instance: outcome };
  } catch (error) {
    if (booting === boot) forget();
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

function forget(): void {
  booting = undefined;
  if (hotData) delete hotData.webcontainerBoot;
}
