import { usePlayground } from '../store';

/** Which sandbox runs the tools, and why when it is not WebContainer. */
export function SandboxBadge() {
  const sandbox = usePlayground((state) => state.sandbox.choice);
  const label = sandbox.kind === 'webcontainer' ? 'WebContainer' : sandbox.state === 'checking' ? 'virtual · checking WebContainer…' : 'virtual (just-bash)';
  return (
    <span className="sandbox-badge" data-testid="sandbox-badge" data-kind={sandbox.kind} data-state={sandbox.state} title={sandbox.reason ?? 'WebContainer: a real Node.js in the browser'}>
      {label}
      {sandbox.reason && <span className="visually-hidden">: {sandbox.reason}</span>}
    </span>
  );
}
