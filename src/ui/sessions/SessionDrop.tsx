import { useEffect, useRef, useState } from 'react';
import { importScenario, openSession } from '../controller';
import { usePlayground } from '../store';
import { droppedFiles } from './droppedFiles';
import { reportFolderSessions } from './folderDrop';
import { holdsSessionLog, openSessionFiles, sessionFilesOf, sessionsOf } from './sessionFiles';
import './sessions.css';

/** Whether a drag carries files (not text or a link dragged within the page). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Drop a Claude Code session log (or a session's folder, with its sub-agents' logs), a Codex CLI
 * rollout, or a
 * scenario file, anywhere on the page: a log opens as a scenario, read in the page and kept in
 * memory only; a scenario file is imported as the Import button would.
 */
export function SessionDrop() {
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const depth = useRef(0);
  const running = usePlayground((state) => state.run.status === 'running');

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
      if (!scenario) return setProblem(`Nothing to open in ${files.map((file) => file.name).join(', ') || 'the drop'}: drop a session log of Claude Code, Codex CLI or Copilot CLI (.jsonl) or Gemini CLI (.json), or a scenario (.json).`);
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
            <strong>Drop a Claude Code session log</strong> (<code>.jsonl</code>, or its folder with the sub-agents’ logs), <strong>a Codex CLI rollout</strong> or <strong>a Copilot CLI events.jsonl</strong> (<code>.jsonl</code>), <strong>a Gemini CLI chat</strong> (<code>.json</code>) or a scenario (<code>.json</code>).
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
