import { usePlayground } from '../store';

/** Which sandbox runs the tools, and why when it is not WebContainer. */
export function SandboxBadge() {
  const sandbox = usePlayground((state) => state.sandbox.choice);
  const label = sandbox.kind === 'webcontainer' ? 'WebContainer' : sandbox.state === 'checking' ? 'checking for WebContainer…' : 'virtual sandbox';
  const what = sandbox.kind === 'webcontainer' ? 'WebContainer: a real Node.js and shell in the browser' : 'The virtual sandbox: files in memory and a simulated bash (just-bash), in this page';
  return (
    <span className="sandbox-badge" data-testid="sandbox-badge" data-kind={sandbox.kind} data-state={sandbox.state} title={sandbox.reason ? `${what}. ${sandbox.reason[0]!.toUpperCase()}${sandbox.reason.slice(1)}.` : `${what}.`}>
      {label}
      {sandbox.reason && <span className="visually-hidden">: {sandbox.reason}</span>}
    </span>
  );
}
