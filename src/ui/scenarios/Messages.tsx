import { ErrorList } from './ErrorList';
import type { Notice, PanelState } from './panelState';

/** The pane's messages, each dismissable; a deletion's message offers Undo. */
export function NoticeList({ notices, onUndo, onDismiss }: { notices: readonly Notice[]; onUndo: (notice: Notice) => void; onDismiss: (id: number) => void }) {
  return (
    <ul className="scenario-notices" aria-live="polite" data-testid="scenario-notices">
      {notices.map((notice) => (
        <li key={notice.id} className={`scenario-notice is-${notice.tone}`}>
          <span>{notice.text}</span>
          {notice.undo && (
            <button type="button" onClick={() => onUndo(notice)}>
              Undo
            </button>
          )}
          <button type="button" aria-label="Dismiss this message" onClick={() => onDismiss(notice.id)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The last share link: said to be copied, or shown selected so it can be copied by hand. */
export function ShareLinkField({ share }: { share: NonNullable<PanelState['share']> }) {
  return (
    <div className="scenario-share" data-testid="scenario-share-link" data-copied={share.copied}>
      <label>
        {share.copied ? 'Link copied:' : 'Copy this link:'}{' '}
        <input type="text" readOnly value={share.url} onFocus={(event) => event.currentTarget.select()} autoFocus={!share.copied} />
      </label>
      {share.url.length > 8000 && <p className="scenario-hint">This link is long ({share.url.length} characters); some apps cut long links, so Export may travel better.</p>}
    </div>
  );
}

/** A refused import with every error, until dismissed; nothing else changed. */
export function ImportErrorPanel({ failure, onDismiss }: { failure: NonNullable<PanelState['importErrors']>; onDismiss: () => void }) {
  const count = failure.errors.length === 1 ? '1 problem' : `${failure.errors.length} problems`;
  return (
    <div className="scenario-import-errors" role="alert" data-testid="scenario-import-errors">
      <div className="scenario-import-errors-head">
        <strong>
          {failure.fileName} was not imported ({count}); nothing was changed.
        </strong>
        <button type="button" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      <ErrorList errors={failure.errors} testId="scenario-import-error-list" />
    </div>
  );
}
