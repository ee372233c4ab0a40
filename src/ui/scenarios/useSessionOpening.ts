import { useEffect, useEffectEvent, type Dispatch } from 'react';
import type { Scenario } from '../../scenarios/schema';
import { usePlayground, type SessionOpenRequest } from '../store';
import type { OpenEntry } from './entries';
import { takeSessionOpen } from './importRequest';
import type { PanelAction } from './panelState';

/**
 * The scenario panel's side of an imported session log (from Import…, or dropped anywhere on the
 * page and left in the store): opened as an entry held in memory only, with what was left out.
 * Returns the function that opens one.
 */
export function useSessionOpening(running: boolean, dispatch: Dispatch<PanelAction>, open: (entry: OpenEntry, scenario: Scenario) => void): (session: SessionOpenRequest) => void {
  const openSession = (session: SessionOpenRequest) => {
    if (running) {
      if (session.quiet) return; // the next lines bring it again
      dispatch({ type: 'notify', tone: 'info', text: 'A run is going on: stop it, then open the session log again.' });
      return;
    }
    dispatch({ type: 'dismiss-import' });
    // The importer validated the scenario: the editor's text is not validated again.
    open({ source: 'session', id: session.id, text: session.json }, session.scenario);
    if (session.quiet) return;
    dispatch({
      type: 'notify',
      tone: 'info',
      text: `Opened ${session.fileName} (${session.label}, ${session.calls} calls) as “${session.id}”. It stays in this page: nothing of it is stored or sent (Save as mine keeps it in this browser).`,
    });
    if (session.problems !== '') dispatch({ type: 'notify', tone: 'error', text: `Lines left out of the import:\n${session.problems}` });
  };
  const waiting = usePlayground((playground) => playground.sessionOpen !== null);
  const requested = useEffectEvent(() => {
    const request = takeSessionOpen();
    if (request) openSession(request);
  });
  useEffect(() => {
    if (waiting) requested();
  }, [waiting]);
  return openSession;
}
