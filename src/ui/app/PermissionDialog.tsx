import type { PendingAsk } from '../store';
import { useModalDialog } from './useModalDialog';

/**
 * The permission prompt: the tool, its input and the rule or mode that asked; allow once, allow
 * always (adds a rule for the rest of the session), deny. The call waits while it is open.
 */
export function PermissionDialog({ ask }: { ask: PendingAsk | null }) {
  const dialog = useModalDialog(ask !== null);
  const request = ask?.request;
  return (
    <dialog
      ref={dialog}
      className="permission"
      data-testid="permission-dialog"
      aria-labelledby="permission-title"
      onCancel={(event) => {
        // Escape denies, like the button: the call must get an answer.
        event.preventDefault();
        ask?.answer('deny', false);
      }}
    >
      {request && (
        <form method="dialog" onSubmit={(event) => event.preventDefault()}>
          <h2 id="permission-title">
            Allow <span className="mono">{request.toolName}</span>?
          </h2>
          <p className="reason">Asked because {request.reason}.</p>
          <pre className="input">{JSON.stringify(request.input, null, 2)}</pre>
          <p className="muted mono">{request.toolUseId}</p>
          <div className="buttons">
            <button type="button" className="primary" autoFocus onClick={() => ask.answer('allow', false)}>
              Allow once
            </button>
            <button type="button" onClick={() => ask.answer('allow', true)}>
              Allow always
            </button>
            <button type="button" onClick={() => ask.answer('deny', false)}>
              Deny
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
