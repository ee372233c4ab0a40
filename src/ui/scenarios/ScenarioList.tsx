import { useEffect, useRef } from 'react';
import { Description } from './Description';
import { draftKey } from './entries';
import { BUILT_IN_ENTRIES } from './library';
import type { UserScenario } from './storage';

export interface ScenarioListProps {
  /** The scenario the app has loaded: marked with aria-current. */
  currentId: string;
  /** The entry the editor has open: its description is shown in full. */
  openKey: string;
  mine: readonly UserScenario[];
  drafts: readonly string[];
  onOpenBuiltIn: (id: string) => void;
  onOpenMine: (scenario: UserScenario) => void;
  onDelete: (scenario: UserScenario) => void;
}

const titleOf = (json: string, fallback: string): { title: string; description: string } => {
  try {
    const value = JSON.parse(json) as { title?: unknown; description?: unknown };
    return {
      title: typeof value.title === 'string' && value.title !== '' ? value.title : fallback,
      description: typeof value.description === 'string' ? value.description : '',
    };
  } catch {
    return { title: fallback, description: '' };
  }
};

/**
 * Scrolls the box that scrolls `item` inside its pane (the list's own, or the pane's) so that the
 * item is in view; never the page, which on a phone would jump to the side pane.
 */
function revealInPane(item: HTMLElement): void {
  for (let box = item.parentElement; box && !box.classList.contains('pane'); box = box.parentElement) {
    const { overflowY } = getComputedStyle(box);
    if ((overflowY !== 'auto' && overflowY !== 'scroll') || box.scrollHeight <= box.clientHeight) continue;
    const top = item.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = Math.max(0, top - 8);
    return;
  }
}

/** The built-in lessons, then the user's own scenarios; each opens with one press. */
export function ScenarioList({ currentId, openKey, mine, drafts, onOpenBuiltIn, onOpenMine, onDelete }: ScenarioListProps) {
  const edited = new Set(drafts);
  const list = useRef<HTMLElement>(null);
  // A scenario opened by a link (the twelfth lesson, say) is shown marked in the list, not below it.
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="true"]');
    if (current) revealInPane(current);
  }, [currentId]);
  return (
    <nav ref={list} className="scenario-library" aria-label="Scenario library">
      <h3 id="scenario-builtin-heading">Lessons</h3>
      <ul className="scenario-list" aria-labelledby="scenario-builtin-heading" data-testid="scenario-list-builtin">
        {BUILT_IN_ENTRIES.map((entry) => {
          const key = draftKey({ source: 'built-in', id: entry.id, text: '' }); // a built-in's key is its id alone
          return (
            <li key={entry.id} className={key === openKey ? 'is-open' : undefined}>
              <button
                type="button"
                className="scenario-item"
                aria-current={entry.id === currentId ? 'true' : undefined}
                aria-describedby={`scenario-desc-${entry.id}`}
                data-testid={`scenario-item-${entry.id}`}
                onClick={() => onOpenBuiltIn(entry.id)}
              >
                <span className="scenario-item-title">{entry.title}</span>
                {edited.has(key) && <span className="scenario-badge">edited</span>}
              </button>
              <Description id={`scenario-desc-${entry.id}`} className="scenario-item-description" text={entry.description} />
            </li>
          );
        })}
      </ul>
      <h3 id="scenario-mine-heading">Mine</h3>
      {mine.length === 0 ? (
        <p className="scenario-empty">None yet: edit a lesson and press “Save as mine”, or import a file.</p>
      ) : (
        <ul className="scenario-list" aria-labelledby="scenario-mine-heading" data-testid="scenario-list-mine">
          {mine.map((scenario) => {
            const key = draftKey({ source: 'user', id: scenario.id, text: scenario.json });
            const { title, description } = titleOf(scenario.json, scenario.id);
            return (
              <li key={scenario.id} className={key === openKey ? 'is-open' : undefined}>
                <div className="scenario-item-row">
                  <button
                    type="button"
                    className="scenario-item"
                    aria-current={scenario.id === currentId ? 'true' : undefined}
                    aria-describedby={description ? `scenario-desc-mine-${scenario.id}` : undefined}
                    data-testid={`scenario-item-mine-${scenario.id}`}
                    onClick={() => onOpenMine(scenario)}
                  >
                    <span className="scenario-item-title">{title}</span>
                    {edited.has(key) && <span className="scenario-badge">edited</span>}
                  </button>
                  <button type="button" className="scenario-delete" aria-label={`Delete ${title}`} onClick={() => onDelete(scenario)}>
                    Delete
                  </button>
                </div>
                {description && <Description id={`scenario-desc-mine-${scenario.id}`} className="scenario-item-description" text={description} />}
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
