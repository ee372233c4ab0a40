import { useEffect, useMemo, useRef, useState } from 'react';
import { snapshotCurrentFiles } from '../controller';
import { usePlayground, visibleRecord } from '../store';
import type { FileDiff } from './Workspace';

/** The workspace pane's files, and which of them differ from the scenario's (with before and after). */
export interface WorkspaceFiles {
  files: Record<string, string>;
  changedPaths: Set<string>;
  diffs: Record<string, FileDiff>;
}

const NO_FILES: Record<string, string> = {};

/** At most four snapshots a second: a thousand-call run must not re-read the workspace per call. */
const SNAPSHOT_INTERVAL_MS = 250;

/**
 * The files the workspace shows. Idle: the scenario's (with the person's edits); running: the
 * sandbox as of the latest finished call (before the first one, the scenario's), re-read after
 * completed calls; ended: the run's final files (as of the scrubber's position).
 */
export function useWorkspaceFiles(): WorkspaceFiles {
  const status = usePlayground((state) => state.run.status);
  const scenarioFiles = usePlayground((state) => state.scenario?.workspace.files ?? NO_FILES);
  const completed = usePlayground((state) => state.completedCalls);
  // Read only once the run ended: while it runs, the record changes every frame.
  const endedFiles = usePlayground((state) => (state.run.status === 'done' || state.run.status === 'error' ? visibleRecord(state).files : NO_FILES));
  const running = status === 'running';

  const [snapshot, setSnapshot] = useState<{ completed: number; files: Record<string, string> } | null>(null);
  const lastSnapshot = useRef(0);
  useEffect(() => {
    if (!running || completed === 0) return;
    let cancelled = false;
    const wait = Math.max(0, lastSnapshot.current + SNAPSHOT_INTERVAL_MS - performance.now());
    const timer = setTimeout(() => {
      lastSnapshot.current = performance.now();
      void snapshotCurrentFiles().then((files) => {
        if (!cancelled && files) setSnapshot({ completed, files });
      });
    }, wait);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [completed, running]);

  const files = status === 'idle' ? scenarioFiles : running ? (snapshot && completed > 0 ? snapshot.files : scenarioFiles) : endedFiles;
  return useMemo(() => ({ files, ...workspaceChanges(scenarioFiles, files) }), [scenarioFiles, files]);
}

/** The files that differ from the scenario's, with their before and after. */
function workspaceChanges(before: Record<string, string>, files: Record<string, string>): { changedPaths: Set<string>; diffs: Record<string, FileDiff> } {
  const changedPaths = new Set([...Object.keys(files), ...Object.keys(before)].filter((path) => files[path] !== before[path]));
  const diffs: Record<string, FileDiff> = {};
  for (const path of changedPaths) diffs[path] = { before: before[path] ?? '', after: files[path] ?? '' };
  return { changedPaths, diffs };
}
