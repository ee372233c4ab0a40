export { Workspace, type WorkspaceProps, type FileDiff } from './Workspace';
export { WorkspacePane } from './WorkspacePane';
export { useWorkspaceFiles, type WorkspaceFiles } from './useWorkspaceFiles';
export { languageOf } from './languageOf';
