import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RunEvent } from '../run/events';
import { validateScenario } from '../scenarios/validate';
import { Header as HeaderView } from './app/Header';
import { PermissionDialog as PermissionDialogView } from './app/PermissionDialog';
import { PoolPanel as PoolPanelView } from './app/PoolPanel';
import { RunProblems } from './app/RunProblems';
import { Scrubber } from './app/Scrubber';
import { SettingsPanel as SettingsPanelView } from './app/SettingsPanel';
import { restoreLayout, Splitter as SplitterView } from './app/Splitter';
import { useShortcuts } from './app/useShortcuts';
import { dispatchRun, editWorkspaceFile, openScenario, playbackNow, prepareWorkspace, runCompare, snapshotCurrentFiles } from './controller';
import { parseUrl, ScenarioPanel as ScenarioPanelView, type ScenarioEntry } from './scenarios';
import { usePlayground, visibleRecord } from './store';
import { createBashFeedWriter, createTerminalFeed, LazyTerminal as LazyTerminalView } from './terminal';
import { ResultList, Timeline, useToolFinder } from './timeline';
import { Workspace as WorkspaceView, type FileDiff } from './workspace';
import type { InteractiveShell } from '../sandbox/types';

const ComparePanel = lazy(() => import('./app/ComparePanel').then((module) => ({ default: module.ComparePanel })));
const LivePanel = lazy(() => import('./live/LivePanel').then((module) => ({ default: module.LivePanel })));
const ExportMenu = lazy(() => import('./app/ExportMenu').then((module) => ({ default: module.ExportMenu })));

// The App re-renders on every frame of a run (the record grows); the panes that do not draw the run
// are memoised so that frame costs the timeline and the results, not the whole page.
const Header = memo(HeaderView);
const PermissionDialog = memo(PermissionDialogView);
const PoolPanel = memo(PoolPanelView);
const SettingsPanel = memo(SettingsPanelView);
const Splitter = memo(SplitterView);
const ScenarioPanel = memo(ScenarioPanelView);
const LazyTerminal = memo(LazyTerminalView);
const Workspace = memo(WorkspaceView);

const SIDE_TAB_NAMES: Record<SideTab, string> = { scenarios: 'Scenarios', settings: 'Settings', pool: 'Tool pool', live: 'Live' };

const LAYOUT_VARIABLES = ['--left', '--right', '--bottom'];

type SideTab = 'scenarios' | 'settings' | 'pool' | 'live';
type CentreTab = 'timeline' | 'compare';

/** The page (SPEC §9): scenarios and settings on the left, the live timeline in the centre, results on the right, workspace and terminal below. */
export function App() {
  const [url] = useState(() => parseUrl(window.location));
  const pendingAutorun = useRef(url.autorun);
  const [side, setSide] = useState<SideTab>('scenarios');
  const [centre, setCentre] = useState<CentreTab>('timeline');
  const status = usePlayground((state) => state.run.status);
  const scenario = usePlayground((state) => state.scenario);
  const strategy = usePlayground((state) => state.strategy);
  const events = usePlayground((state) => state.events);
  const liveRecord = usePlayground((state) => state.record);
  const cursor = usePlayground((state) => state.cursor);
  const record = useMemo(() => visibleRecord({ events, record: liveRecord, cursor }), [events, liveRecord, cursor]);
  const compare = usePlayground((state) => state.compare);
  const pendingAsk = usePlayground((state) => state.pendingAsk);
  const running = status === 'running';
  const findTool = useToolFinder();
  useShortcuts();

  useEffect(() => restoreLayout(LAYOUT_VARIABLES), []);

  const onOpen = useCallback((entry: ScenarioEntry) => {
    const parsed = validateScenario(JSON.parse(entry.json));
    if (!parsed.ok) return;
    openScenario(parsed.scenario, entry.source);
    void prepareWorkspace();
    if (pendingAutorun.current) {
      pendingAutorun.current = false;
      dispatchRun({ kind: 'replay' });
    }
  }, []);

  // The terminal: Bash output as it streams, and a shell into the current sandbox.
  const feed = useMemo(() => createTerminalFeed(), []);
  const fed = useRef<{ events: RunEvent[] | null; count: number; write: (event: RunEvent) => void }>({ events: null, count: 0, write: createBashFeedWriter(feed) });
  useEffect(() => {
    const seen = fed.current;
    if (events.length < seen.count || (seen.events !== null && events[0] !== seen.events[0])) {
      seen.count = 0;
      seen.write = createBashFeedWriter(feed);
    }
    for (let i = seen.count; i < events.length; i++) seen.write(events[i]!);
    seen.count = events.length;
    seen.events = events;
  }, [events, feed]);
  const [shell, setShell] = useState<InteractiveShell | null>(null);
  useEffect(() => {
    let open: InteractiveShell | null = null;
    const attach = () => {
      open?.close();
      open = usePlayground.getState().sandbox.current?.shell?.() ?? null;
      setShell(open);
    };
    attach();
    const off = usePlayground.subscribe((state, previous) => {
      if (state.sandbox.current !== previous.sandbox.current) attach();
    });
    return () => {
      off();
      open?.close();
    };
  }, []);

  // The workspace follows the sandbox: after each completed call, and when the run ends.
  const [snapshot, setSnapshot] = useState<{ completed: number; files: Record<string, string> } | null>(null);
  const completed = usePlayground((state) => state.completedCalls);
  const lastSnapshot = useRef(0);
  useEffect(() => {
    if (!running || completed === 0) return;
    // At most four snapshots a second: a thousand-call run must not re-read the workspace per call.
    let cancelled = false;
    const wait = Math.max(0, lastSnapshot.current + 250 - performance.now());
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
  const scenarioFiles = scenario?.workspace.files ?? NO_FILES;
  // Idle: the scenario's files (with edits); running: the sandbox as of the latest finished call
  // (before the first one, the scenario's); ended: the run's final files.
  const files = status === 'idle' ? scenarioFiles : running ? (snapshot && completed > 0 ? snapshot.files : scenarioFiles) : record.files;
  const { changedPaths, diffs } = useMemo(() => workspaceChanges(scenarioFiles, files), [scenarioFiles, files]);
  const deleteFile = useCallback((path: string) => editWorkspaceFile(path, null), []);
  const createFile = useCallback((path: string) => editWorkspaceFile(path, ''), []);

  return (
    <div className="app" data-running={running}>
      <Header title={scenario ? scenario.title : 'Loading…'} />
      <main className="layout">
        <aside className="pane side" aria-label="Scenarios, settings and tool pool">
          <div className="tabs" role="tablist">
            {(['scenarios', 'settings', 'pool', 'live'] as const).map((tab) => (
              <button key={tab} type="button" role="tab" aria-selected={side === tab} onClick={() => setSide(tab)}>
                {SIDE_TAB_NAMES[tab]}
              </button>
            ))}
          </div>
          <div className="tab-body" hidden={side !== 'scenarios'}>
            <ScenarioPanel currentId={scenario?.id ?? ''} onOpen={onOpen} running={running} initialUrl={url} strategy={strategy} />
          </div>
          <div className="tab-body" hidden={side !== 'settings'}>
            <SettingsPanel />
          </div>
          <div className="tab-body" hidden={side !== 'pool'}>
            <PoolPanel report={record.pool} />
          </div>
          {side === 'live' && (
            <div className="tab-body">
              <Suspense fallback={<p className="muted">Loading…</p>}>
                <LivePanel />
              </Suspense>
            </div>
          )}
        </aside>
        <Splitter variable="--left" axis="x" min={220} max={560} label="Resize the scenarios pane" />
        <section className="pane centre" aria-label="Timeline">
          <div className="tabs">
            <div role="tablist" className="tablist">
              <button type="button" role="tab" aria-selected={centre === 'timeline'} onClick={() => setCentre('timeline')}>
                Timeline
              </button>
              <button type="button" role="tab" aria-selected={centre === 'compare'} onClick={() => setCentre('compare')}>
                Compare strategies
              </button>
            </div>
            <span className="spacer" />
            <Suspense fallback={null}>
              <ExportMenu record={record} />
            </Suspense>
          </div>
          {centre === 'timeline' ? (
            <>
              {scenario && <p className="lesson">{scenario.description}</p>}
              <div className="timeline-box">
                <Timeline record={record} now={playbackNow} running={running} />
              </div>
              <Scrubber />
              <RunProblems />
            </>
          ) : (
            <Suspense fallback={<p className="muted">Loading…</p>}>
              <ComparePanel status={compare.status} entries={compare.entries} onRun={() => void runCompare()} />
            </Suspense>
          )}
        </section>
        <Splitter variable="--right" axis="x" min={240} max={640} invert label="Resize the results pane" />
        <aside className="pane results" aria-label="Results in yield order">
          <h2 className="pane-title">Results in yield order</h2>
          <ResultList record={record} findTool={findTool} />
        </aside>
        <div className="bottom">
          <Splitter variable="--bottom" axis="y" min={140} max={600} invert label="Resize the workspace and terminal" />
          <div className="bottom-panes">
            <section className="pane workspace-pane" aria-label="Workspace">
              <Workspace files={files} changedPaths={changedPaths} diffs={diffs} editable={!running} onEdit={editWorkspaceFile} onDelete={deleteFile} onCreate={createFile} />
            </section>
            <section className="pane terminal-pane" aria-label="Terminal">
              <LazyTerminal feed={feed} shell={shell} />
            </section>
          </div>
        </div>
      </main>
      <PermissionDialog ask={pendingAsk} />
    </div>
  );
}

/** The files that differ from the scenario's, with their before and after. */
function workspaceChanges(before: Record<string, string>, files: Record<string, string>): { changedPaths: Set<string>; diffs: Record<string, FileDiff> } {
  const changedPaths = new Set([...Object.keys(files), ...Object.keys(before)].filter((path) => files[path] !== before[path]));
  const diffs: Record<string, FileDiff> = {};
  for (const path of changedPaths) diffs[path] = { before: before[path] ?? '', after: files[path] ?? '' };
  return { changedPaths, diffs };
}

const NO_FILES: Record<string, string> = {};
