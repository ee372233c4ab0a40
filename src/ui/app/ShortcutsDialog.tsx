import { SHORTCUT_GROUPS } from './shortcuts';
import { useModalDialog } from './useModalDialog';
import './shortcuts.css';

/** The keyboard shortcuts, listed when `?` is pressed; Escape or Close puts it away. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useModalDialog(open);
  return (
    <dialog ref={dialog} className="permission shortcuts" data-testid="shortcuts" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      {SHORTCUT_GROUPS.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h3>
            {group.title} <span className="muted">({group.where})</span>
          </h3>
          <dl>
            {group.shortcuts.map((shortcut) => (
              <div key={shortcut.keys.join()} className="shortcut">
                <dt>
                  {shortcut.keys.map((key, i) => (
                    <span key={key}>
                      {i > 0 && ' '}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </dt>
                <dd>{shortcut.does}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <div className="buttons">
        <button type="button" className="primary" autoFocus onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
