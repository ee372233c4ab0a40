import { memo } from 'react';
import { editWorkspaceFile } from '../controller';
import { usePlayground } from '../store';
import { useWorkspaceFiles } from './useWorkspaceFiles';
import { Workspace as WorkspaceView } from './Workspace';

// The pane re-renders as calls complete; the editor and the tree only when the files change.
const Workspace = memo(WorkspaceView);

const deleteFile = (path: string) => editWorkspaceFile(path, null);
const createFile = (path: string) => editWorkspaceFile(path, '');

/** The workspace pane: the files as the run leaves them; editable before a run (edits reach the idle sandbox too). */
export function WorkspacePane() {
  const { files, changedPaths, diffs } = useWorkspaceFiles();
  const running = usePlayground((state) => state.run.status === 'running');
  return <Workspace files={files} changedPaths={changedPaths} diffs={diffs} editable={!running} onEdit={editWorkspaceFile} onDelete={deleteFile} onCreate={createFile} />;
}
