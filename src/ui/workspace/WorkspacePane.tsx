import { memo } from 'react';
import { editWorkspaceFile, keepWorkspaceForNextRun, sameFiles } from '../controller';
import { usePlayground } from '../store';
import { scrubbedTo, useWorkspaceFiles } from './useWorkspaceFiles';
import { Workspace as WorkspaceView } from './Workspace';

// The pane re-renders as calls complete; the editor and the tree only when the files change.
const Workspace = memo(WorkspaceView);

const deleteFile = (path: string) => editWorkspaceFile(path, null);
const createFile = (path: string) => editWorkspaceFile(path, '');

/**
 * The workspace pane: the files of the page's sandbox as the terminal, the tools and the editor
 * leave them (scrubbed back, as they were then); editable when no run is going. After a run it
 * says that the next run starts again from the files the last one started from, and offers to keep
 * these instead.
 */
export function WorkspacePane() {
  const { files, changedPaths, diffs } = useWorkspaceFiles();
  const running = usePlayground((state) => state.run.status === 'running');
  const scrubbed = usePlayground(scrubbedTo);
  const total = usePlayground((state) => state.events.length);
  return (
    <div className="workspace-wrap">
      {scrubbed !== null ? (
        <p className="workspace-note" data-testid="workspace-note" data-kind="scrubbed">
          The files as they were at event {scrubbed} of {total}; read-only until the scrubber is back at the end.
        </p>
      ) : (
        !running && <ResetNotice />
      )}
      <Workspace
        files={files}
        changedPaths={changedPaths}
        diffs={diffs}
        editable={!running && scrubbed === null}
        onEdit={editWorkspaceFile}
        onDelete={deleteFile}
        onCreate={createFile}
      />
    </div>
  );
}

/** After a run: how many files here differ from what the next run starts from, and a way to keep them. */
function ResetNotice() {
  const differing = usePlayground((state) => {
    if (state.workspace.holds !== 'run' || !state.scenario) return 0;
    const start = state.scenario.workspace.files;
    if (sameFiles(start, state.workspace.files)) return 0;
    return new Set([...Object.keys(start), ...Object.keys(state.workspace.files)].filter((path) => start[path] !== state.workspace.files[path])).size;
  });
  if (differing === 0) return null;
  return (
    <p className="workspace-note" data-testid="workspace-note" data-kind="reset">
      {/* One line on a laptop: the strip under the timeline is 150 px, and this took three of its lines. */}
      <span title="What differs is the run’s changes, and any you made since.">
        The next run starts again from the files this run started from: {differing === 1 ? '1 file here differs' : `${differing} files here differ`}.
      </span>
      <button type="button" onClick={keepWorkspaceForNextRun} title="Keep these files for the next run">
        Keep for the next run
      </button>
    </p>
  );
}
