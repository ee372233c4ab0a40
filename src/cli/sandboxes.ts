import { createVirtualSandbox } from '../sandbox/virtualSandbox';
import type { Sandbox } from '../sandbox/types';
import type { CliSandboxKind } from './replayOptions';

/** A fresh, empty sandbox of `kind`; the scenario's workspace is mounted by the run. */
export async function createSandbox(kind: CliSandboxKind): Promise<Sandbox> {
  switch (kind) {
    case 'virtual':
      return createVirtualSandbox({});
    case 'node':
      // Loaded only when asked for: a virtual replay needs neither it nor child_process.
      return (await import('../sandbox/nodeSandbox')).createNodeSandbox();
    default: {
      const exhaustive: never = kind;
      return exhaustive;
    }
  }
}
