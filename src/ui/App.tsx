import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Header as HeaderView } from './app/Header';
import { RunProblems as RunProblemsView } from './app/RunProblems';
import { Scrubber as ScrubberView } from './app/Scrubber';
import { restoreLayout, Splitter as SplitterView } from './app/Splitter';
import { useShortcuts } from './app/useShortcuts';
import { dispatchRun, lessonComparison, playbackNow, runCompare, setPolicy, setSpeed } from './controller';
import { replaySpeedFor } from './sessions/replaySpeed';
import { LessonBar as LessonBarView } from './lesson';
import { GuessBar, useGuessRun } from './predict';
import { FolderReportDialog, PermissionDialog, PoolPanel, PredictPanel, QuestionDialog, SettingsTab, ShortcutsDialog } from './laterPanes';
import { parseUrl, ScenarioPanel as ScenarioPanelView } from './scenarios';
import { usePlayground, visibleRecord } from './store';
import { TerminalPane as TerminalPaneView } from './terminal';
import { parseInline, plainText } from './text';
import { FOLD_TURNS_ABOVE, SESSION_FOLD, Timeline, useToolFinder } from './timeline';
import { ResultsPane } from './app/ResultsPane';
import { WorkspacePane as WorkspacePaneView } from './workspace';
import { AsItRanSwitch, EffectsSwitch, useAsItRan, useSessionView } from './sessions/AsItRan';
import { SessionDrop as SessionDropView } from './sessions/SessionDrop';

const ComparePanel = lazy(() => import('./app/ComparePanel').then((module) => ({ default: module.ComparePanel })));
const LivePanel = lazy(() => import('./live/LivePanel').then((module) => ({ default: module.LivePanel })));
// Only a `?watch` link follows a session: its importer loads with it, not with the page.
const SessionWatch = lazy(() => import('./sessions/SessionWatch').then((module) => ({ default: module.SessionWatch })));
const SessionSummaryPanel = lazy(() => import('./sessions/SessionSummaryPanel').then((module) => ({ default: module.SessionSummaryPanel })));
const ExportMenu = lazy(() => import('./app/ExportMenu').then((module) => ({ default: module.ExportMenu })));

// The App re-renders on every frame of a run (the record grows); the panes that do not draw the run
// are memoised so that frame costs the timeline and the results, not the whole page.
const Header = memo(HeaderView);
const Splitter = memo(SplitterView);
const ScenarioPanel = memo(ScenarioPanelView);
const TerminalPane = memo(TerminalPaneView);
const WorkspacePane = memo(WorkspacePaneView);
const RunProblems = memo(RunProblemsView);
const Scrubber = memo(ScrubberView);
const LessonBar = memo(LessonBarView);
const SessionDrop = memo(SessionDropView);

const SIDE_TAB_NAMES: Record<SideTab, string> = { scenarios: 'Scenarios', settings: 'Settings', pool: 'Tools', live: 'Live' };

const LAYOUT_VARIABLES = ['--left', '--right', '--bottom'];
/** Where the panes stack (screens.css agrees). */
const STACKED = '(max-width: 900px)';

type SideTab = 'scenarios' | 'settings' | 'pool' | 'live';
type CentreTab = 'timeline' | 'compare' | 'predict' | 'summary';

/**
 * The page's layout: scenarios and settings on the left, the live timeline in the centre, results
 * on the right, workspace and terminal below. It lays out and renders; what happens is the
 * controller's, on the store.
 */
export function App() {
  const [url] = useState(() => parseUrl(window.location));
  const [side, setSideTab] = useState<SideTab>('scenarios');
  // A side tab's pane is drawn from its first opening on, and kept (its form keeps what was typed).
  const [opened, setOpened] = useState<ReadonlySet<SideTab>>(() => new Set(['scenarios']));
  const setSide = (tab: SideTab) => {
    setSideTab(tab);
    setOpened((before) => (before.has(tab) ? before : new Set([...before, tab])));
  };
  const folderReportOpen = usePlayground((state) => state.folderReport !== null);
  // The side pane opened wide: the scenario editor and the rule tester get the room they can use.
  const [sideWide, setSideWide] = useState(false);
  const [chosenCentre, setCentre] = useState<CentreTab>(url.predict ? 'predict' : 'timeline');
  const running = usePlayground((state) => state.run.status === 'running');
  const scenario = usePlayground((state) => state.scenario);
  // The summary is an imported session's: another scenario opened shows the timeline.
  const centre: CentreTab = chosenCentre === 'summary' && !scenario?.observed ? 'timeline' : chosenCentre;
  const record = usePlayground(visibleRecord);
  const compare = usePlayground((state) => state.compare);
  const pendingAsk = usePlayground((state) => state.pendingAsk);
  const pendingQuestion = usePlayground((state) => state.pendingQuestion);
  const answerHidden = usePlayground((state) => state.answerHidden);
  const findTool = useToolFinder();
  const [sessionView, setSessionView] = useSessionView(scenario, running);
  const asItRan = useAsItRan(scenario, sessionView === 'as-it-ran' || centre === 'timeline');
  const realRecord = sessionView === 'as-it-ran' ? (asItRan?.record ?? null) : null;
  // The replay of a session draws, under each call's bar, when that call ran in the log.
  const ranBeside = sessionView === 'replay' ? (asItRan?.record ?? undefined) : undefined;
  // A session's results are drawn in a render React may interrupt, after its lanes: opening a
  // 2,000-call session does not wait for two thousand results.
  const realResults = useDeferredValue(realRecord);
  const showTimeline = useCallback(() => setCentre('timeline'), []);
  const guess = useGuessRun(centre === 'predict', showTimeline);
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  const closeHelp = useCallback(() => setHelpOpen(false), []);
  const openPredict = useCallback(() => setCentre('predict'), []);
  const compareLesson = useCallback(() => {
    setCentre('compare');
    void runCompare(lessonComparison(scenario));
  }, [scenario]);
  useShortcuts(openHelp);

  useEffect(() => restoreLayout(LAYOUT_VARIABLES), []);
  // On a phone the panes stack and the timeline starts below the first screen: a run brings it up.
  const centreRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (running && window.matchMedia(STACKED).matches) centreRef.current?.scrollIntoView({ block: 'start' });
  }, [running]);

  return (
    <div className="app" data-running={running} data-answer-hidden={answerHidden} data-side-wide={sideWide || undefined}>
      <a
        href="#timeline"
        className="skip-link"
        data-testid="skip-to-timeline"
        onClick={(event) => {
          // The timeline may sit behind another tab: bring it, then move focus into it.
          event.preventDefault();
          setCentre('timeline');
          requestAnimationFrame(() => document.getElementById('timeline')?.focus());
        }}
      >
        Skip to the timeline
      </a>
      <Header title={scenario ? plainText(parseInline(scenario.title)) : 'Loading…'} />
      <main className="layout">
        <aside className="pane side" aria-label="Scenarios, settings and tool pool">
          <div className="tabs">
            <div role="tablist" className="tablist">
              {(['scenarios', 'settings', 'pool', 'live'] as const).map((tab) => (
                <button key={tab} type="button" role="tab" aria-selected={side === tab} onClick={() => setSide(tab)}>
                  {SIDE_TAB_NAMES[tab]}
                </button>
              ))}
            </div>
            <button
              type="button"
              className="side-wide"
              aria-pressed={sideWide}
              onClick={() => setSideWide((wide) => !wide)}
              data-testid="side-wide"
              title={sideWide ? 'Give the pane back its width' : 'Open this pane wide: room for the scenario editor and the rule tester'}
            >
              {sideWide ? '⇤' : '⇥'}
              <span className="visually-hidden">{sideWide ? 'Narrow the pane' : 'Widen the pane'}</span>
            </button>
          </div>
          <div className="tab-body" hidden={side !== 'scenarios'}>
            <ScenarioPanel />
          </div>
          {opened.has('settings') && (
            <div className="tab-body" hidden={side !== 'settings'}>
              <Suspense fallback={<p className="muted">Loading…</p>}>
                <SettingsTab />
              </Suspense>
            </div>
          )}
          {opened.has('pool') && (
            <div className="tab-body" hidden={side !== 'pool'}>
              <Suspense fallback={<p className="muted">Loading…</p>}>
                <PoolPanel report={record.pool} />
              </Suspense>
            </div>
          )}
          {side === 'live' && (
            <div className="tab-body">
              <Suspense fallback={<p className="muted">Loading…</p>}>
                <LivePanel />
              </Suspense>
            </div>
          )}
        </aside>
        <Splitter variable="--left" axis="x" min={220} max={560} label="Resize the scenarios pane" />
        <section ref={centreRef} className="pane centre" aria-label="Timeline">
          <div className="tabs">
            <div role="tablist" className="tablist">
              <button type="button" role="tab" aria-selected={centre === 'timeline'} onClick={() => setCentre('timeline')}>
                Timeline
              </button>
              <button type="button" role="tab" aria-selected={centre === 'compare'} onClick={() => setCentre('compare')}>
                Compare
              </button>
              <button type="button" role="tab" aria-selected={centre === 'predict'} onClick={() => setCentre('predict')}>
                Predict
              </button>
              {scenario?.observed && (
                <button type="button" role="tab" aria-selected={centre === 'summary'} onClick={() => setCentre('summary')} data-testid="tab-summary">
                  Summary
                </button>
              )}
            </div>
            <span className="spacer" />
            <Suspense fallback={null}>
              <ExportMenu record={record} />
            </Suspense>
          </div>
          {/* The lesson, with one click to its comparison or to predicting it (src/ui/lesson). */}
          {centre !== 'compare' && centre !== 'summary' && (
            <LessonBar predicting={guess.predicting} onPredict={openPredict} onCompare={compareLesson} />
          )}
          {centre === 'predict' ? (
            <div className="tab-body">
              <Suspense fallback={<p className="muted">Loading…</p>}>
                <PredictPanel />
              </Suspense>
            </div>
          ) : centre === 'timeline' ? (
            <>
              {url.watch && (
                <Suspense fallback={null}>
                  <SessionWatch onUpdate={() => setSessionView('as-it-ran')} />
                </Suspense>
              )}
              {asItRan && <AsItRanSwitch view={sessionView} label={asItRan.label} onChange={setSessionView} />}
              {asItRan && <EffectsSwitch disabled={running} />}
              <GuessBar guess={guess} onOpen={() => setCentre('predict')} />
              <div className="timeline-box" id="timeline" tabIndex={-1} aria-label="Timeline">
                {realRecord ? (
                  <Timeline key={`as-it-ran:${scenario?.id ?? ''}`} record={realRecord} now={() => realRecord.endedAt} running={false} idleFold={SESSION_FOLD} foldIdle foldTurnsAbove={FOLD_TURNS_ABOVE} />
                ) : (
                  <Timeline key="run" record={record} now={playbackNow} running={running} asItRan={ranBeside} guesses={guess.marks} />
                )}
              </div>
              <Scrubber />
              <RunProblems />
            </>
          ) : centre === 'summary' && scenario ? (
            <Suspense fallback={<p className="muted">Loading…</p>}>
              <SessionSummaryPanel
                scenario={scenario}
                disabled={running}
                onReplay={(policy) => {
                  setPolicy(policy);
                  setSpeed(Math.max(usePlayground.getState().speed, replaySpeedFor(scenario)));
                  setCentre('timeline');
                  dispatchRun({ kind: 'replay' });
                }}
              />
            </Suspense>
          ) : (
            <Suspense fallback={<p className="muted">Loading…</p>}>
              <ComparePanel status={compare.status} entries={compare.entries} onRun={() => void runCompare()} />
            </Suspense>
          )}
        </section>
        <Splitter variable="--right" axis="x" min={240} max={640} invert label="Resize the results pane" />
        <ResultsPane record={realResults ?? record} findTool={findTool} live={running && realResults === null} />
        <div className="bottom">
          <Splitter variable="--bottom" axis="y" min={140} max={600} invert label="Resize the workspace and terminal" />
          <div className="bottom-panes">
            <section className="pane workspace-pane" aria-label="Workspace">
              <WorkspacePane />
            </section>
            <section className="pane terminal-pane" aria-label="Terminal">
              <TerminalPane />
            </section>
          </div>
        </div>
      </main>
      {/* Each dialog is drawn while it is open (its code comes after the first paint, laterPanes.ts). */}
      <Suspense fallback={null}>
        {pendingAsk && <PermissionDialog ask={pendingAsk} />}
        {helpOpen && <ShortcutsDialog open onClose={closeHelp} />}
        {pendingQuestion && <QuestionDialog question={pendingQuestion} />}
        {folderReportOpen && <FolderReportDialog />}
      </Suspense>
      <SessionDrop />
    </div>
  );
}
