import type { Sandbox } from '../../sandbox/types';
import { usePlayground, type WorkspaceSlice } from '../store';
import type { SandboxChoice } from './sandboxChoice';
import { messageHop } from '../../time/nextTask';

/** The page's sandbox choice, once known (WebContainer boots in the background). */
export function setSandboxChoice(choice: SandboxChoice): void {
  usePlayground.setState((state) => ({ sandbox: { ...state.sandbox, choice } }));
}

/** A fresh, empty sandbox of the chosen kind, for one run. */
export function freshSandbox(): Promise<Sandbox> {
  return usePlayground.getState().sandbox.choice.create();
}

/**
 * Makes `sandbox` the page's current one (the terminal's shell and the workspace follow it) and
 * disposes of the one it replaces. `holds` says whether it holds what the next run starts from
 * (an idle sandbox) or a run's result.
 */
export async function adoptSandbox(sandbox: Sandbox, holds: WorkspaceSlice['holds']): Promise<void> {
  const previous = usePlayground.getState().sandbox.current;
  usePlayground.setState((state) => ({ sandbox: { ...state.sandbox, current: sandbox }, workspace: { ...state.workspace, holds } }));
  if (previous !== sandbox) await previous?.dispose().catch(() => undefined);
}

/**
 * A sandbox holding the scenario's files (with the person's edits) while no run is going, so the
 * terminal can run commands on them before a run. Dropped if a run started while it was being
 * filled (a link's autorun starts one at once): the page follows the run's sandbox.
 */
export async function prepareWorkspace(): Promise<void> {
  const { scenario, run } = usePlayground.getState();
  if (!scenario || run.status === 'running') return;
  const files = scenario.workspace.files;
  const sandbox = await freshSandbox();
  const { mountWorkspace } = await import('../../run/runScenario');
  await mountWorkspace(sandbox, files, { pause: breathe });
  if (usePlayground.getState().run.status === 'running') {
    await sandbox.dispose().catch(() => undefined);
    return;
  }
  await adoptSandbox(sandbox, 'start');
  usePlayground.setState((state) => ({ workspace: { ...state.workspace, files } }));
}

/** The current sandbox's text files (the workspace pane follows them); `null` without one. */
export async function snapshotCurrentFiles(): Promise<Record<string, string> | null> {
  const current = usePlayground.getState().sandbox.current;
  if (!current) return null;
  return snapshotOf(current);
}

const hop = messageHop();
/** A task of its own for the next slice of a pass over a workspace's files (a write or a read). */
export const breathe = (): Promise<void> => new Promise<void>((resolve) => hop(resolve));

/** A sandbox's text files, or `null` when they cannot be read (it was disposed of meanwhile). */
export async function snapshotOf(sandbox: Sandbox): Promise<Record<string, string> | null> {
  const { snapshotFiles } = await import('../../run/runScenario');
  return snapshotFiles(sandbox, { pause: breathe }).catch(() => null);
}
