import { useEffect, useRef, useState } from 'react';
import { importScenario, openSession, whenOpeningStarted } from '../controller';
import { usePlayground } from '../store';
import { droppedFiles } from './droppedFiles';
import { reportFolderSessions } from './folderDrop';
import { useSessionFormatNames } from './formatNames';
import { holdsSessionLog, nothingToOpen, openSessionFiles, sessionFilesOf, sessionsOf } from './sessionFiles';
import './sessions.css';

/** Whether a drag carries files (not text or a link dragged within the page). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Drop a session log of any agent the formats' table reads (or a session's folder, with its
 * sub-agents' logs; or a folder of sessions, for one report), or a scenario file, anywhere on the
 * page: a log opens as a scenario, read in the page and kept in memory only; a scenario file is
 * imported as the Import button would.
 */
export function SessionDrop() {
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const depth = useRef(0);
  const running = usePlayground((state) => state.run.status === 'running');
  const names = useSessionFormatNames();

  useEffect(() => {
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current++;
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without this the browser would open the file in place of the page (and lose its edits).
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      void receive(event.dataTransfer);
    };
    const receive = async (transfer: DataTransfer) => {
      const files = await droppedFiles(transfer);
      await whenOpeningStarted();
      const sessions = await sessionsOf(await sessionFilesOf(files));
      if (sessions.length > 1) {
        // A folder of sessions: one report across them, as the command line gives.
        setProblem(null);
        void reportFolderSessions(sessions);
        return;
      }
      if (await holdsSessionLog(files)) {
        const opening = await openSessionFiles(files);
        if (!opening.ok) return setProblem(opening.message);
        setProblem(null);
        const main = sessions[0]?.main ?? files[0]!;
        openSession({ fileName: main.name, ...opening });
        return;
      }
      const scenario = files.find((file) => file.name.endsWith('.json'));
      if (!scenario) return setProblem(await nothingToOpen(files));
      setProblem(null);
      importScenario(scenario.name, await scenario.text());
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);

  return (
    <>
      {dragging && (
        <div className="session-drop" data-testid="session-drop" aria-hidden="true">
          <p>
            <strong>Drop a session log</strong>
            {names && ` of ${names}`} (whatever its name; a session’s folder brings its sub-agents’ logs, a folder of sessions gives one report) or a scenario (<code>.json</code>).
            <br />
            It is read in this page and never leaves it.
            {running && ' The run going on is stopped first.'}
          </p>
        </div>
      )}
      {problem && (
        <div className="session-drop-problem" role="alert" data-testid="session-drop-problem">
          <p>{problem}</p>
          <button type="button" onClick={() => setProblem(null)}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}
