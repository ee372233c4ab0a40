import type { Sandbox } from '../../sandbox/types';
import { usePlayground } from '../store';
import type { SandboxChoice } from './sandboxChoice';

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
 * disposes of the one it replaces.
 */
export async function adoptSandbox(sandbox: Sandbox): Promise<void> {
  const previous = usePlayground.getState().sandbox.current;
  usePlayground.setState((state) => ({ sandbox: { ...state.sandbox, current: sandbox } }));
  if (previous !== sandbox) await previous?.dispose().catch(() => undefined);
}

/**
 * A sandbox holding the scenario's files (with the person's edits) while no run is going, so the
 * terminal can run commands on them before a run. Dropped if a run started while it was being
 * filled (a link's autorun starts one at once): the page follows the run's sandbox.
 */
export async function prepareWorkspace(): Promise<void> {
  const { scenario, activeRun } = usePlayground.getState();
  if (!scenario || activeRun) return;
  const sandbox = await freshSandbox();
  const { mountWorkspace } = await import('../../run/runScenario');
  await mountWorkspace(sandbox, scenario.workspace.files);
  if (usePlayground.getState().activeRun) {
    await sandbox.dispose().catch(() => undefined);
    return;
  }
  await adoptSandbox(sandbox);
}

/** A person's edit of a workspace file before a run: kept in the scenario and written to the idle sandbox. */
export function editWorkspaceFile(path: string, content: string | null): void {
  usePlayground.setState((state) => {
    if (!state.scenario) return {};
    const files = { ...state.scenario.workspace.files };
    if (content === null) delete files[path];
    else files[path] = content;
    return { scenario: { ...state.scenario, workspace: { ...state.scenario.workspace, files } } };
  });
  const { sandbox, activeRun } = usePlayground.getState();
  const idle = sandbox.current;
  if (!idle || activeRun) return;
  void (async () => {
    const resolved = await idle.resolve(path);
    if (!resolved.ok) return;
    if (content === null) return idle.fs.rm(resolved.path);
    await idle.fs.mkdir(resolved.path.slice(0, resolved.path.lastIndexOf('/')));
    await idle.fs.writeFile(resolved.path, content);
  })().catch(() => undefined);
}

/** The current sandbox's text files (the workspace pane follows them); `null` without one. */
export async function snapshotCurrentFiles(): Promise<Record<string, string> | null> {
  const current = usePlayground.getState().sandbox.current;
  if (!current) return null;
  const { snapshotFiles } = await import('../../run/runScenario');
  return snapshotFiles(current).catch(() => null);
}
