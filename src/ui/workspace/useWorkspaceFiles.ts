import { useMemo } from 'react';
import { usePlayground, type PlaygroundState, type WorkspaceSlice } from '../store';
import type { FileDiff } from './Workspace';

/** The workspace pane's files, and which of them differ from the files they are compared with (with before and after). */
export interface WorkspaceFiles {
  files: Readonly<Record<string, string>>;
  changedPaths: Set<string>;
  diffs: Record<string, FileDiff>;
}

/** The files of the run at a scrubbed position: the last moment read by then, else the files it started from. */
export function filesAt(workspace: Pick<WorkspaceSlice, 'moments' | 'runStart'>, cursor: number): Readonly<Record<string, string>> {
  return workspace.moments.findLast((moment) => moment.at <= cursor)?.files ?? workspace.runStart ?? {};
}

/**
 * What the tree shows and what it marks changes against. At the end of the log: the page's sandbox
 * as last read (the terminal, the tools and the editor all change it), against the files the shown
 * run started from, or, with no run, the scenario as opened (the person's own changes). Scrubbed
 * back: the run's files as they were at that moment.
 */
export function shownWorkspace(workspace: WorkspaceSlice, scrubbedTo: number | null): { files: Readonly<Record<string, string>>; base: Readonly<Record<string, string>> } {
  const base = workspace.runStart ?? workspace.opened;
  if (scrubbedTo !== null && workspace.runStart) return { files: filesAt(workspace, scrubbedTo), base };
  return { files: workspace.files, base };
}

/** The scrubber's position when it stands before the end of the log, else `null`. */
export function scrubbedTo(state: Pick<PlaygroundState, 'cursor' | 'events'>): number | null {
  return state.cursor !== null && state.cursor < state.events.length ? state.cursor : null;
}

/** The workspace pane's files, following the store. */
export function useWorkspaceFiles(): WorkspaceFiles {
  const workspace = usePlayground((state) => state.workspace);
  // A number or null: a running log's new events do not re-render the pane.
  const scrubbed = usePlayground(scrubbedTo);
  return useMemo(() => {
    const { files, base } = shownWorkspace(workspace, scrubbed);
    return { files, ...workspaceChanges(base, files) };
  }, [workspace, scrubbed]);
}

/** The files that differ from `before`, with their before and after. */
function workspaceChanges(before: Readonly<Record<string, string>>, files: Readonly<Record<string, string>>): { changedPaths: Set<string>; diffs: Record<string, FileDiff> } {
  const changedPaths = new Set([...Object.keys(files), ...Object.keys(before)].filter((path) => files[path] !== before[path]));
  const diffs: Record<string, FileDiff> = {};
  for (const path of changedPaths) diffs[path] = { before: before[path] ?? '', after: files[path] ?? '' };
  return { changedPaths, diffs };
}
