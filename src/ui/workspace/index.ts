export { Workspace, type WorkspaceProps, type FileDiff } from './Workspace';
export { languageOf } from './languageOf';
