import { STRATEGIES, type Strategy } from '../../tools/events';
import { useEffect, useRef } from 'react';
import { dispatchRun, importScenarioFiles, PAGE_PART_NAMES, resetRun, runStrategy, setSpeed, setStrategy, step, stopRun, togglePause, warmUpForRuns } from '../controller';
import { isPaused, usePlayground, type RunState } from '../store';
import { SandboxBadge } from './SandboxBadge';
import { useSessionFormatNames } from '../sessions/formatNames';

/** Replay speeds; the fast ones are for real sessions, whose tools ran for minutes. */
const SPEEDS = [0.25, 0.5, 1, 2, 4, 16, 64];

const warmUp = () => void warmUpForRuns();

/** The header: the run controls, strategy, speed and the sandbox badge. The scenario picker sits in the sidebar. */
export function Header({ title }: { title: string }) {
  const running = usePlayground((state) => state.run.status === 'running');
  // A live run or a call by hand has no playback: the model, or the tool, sets the pace.
  const live = usePlayground((state) => state.run.status === 'running' && state.run.kind !== 'replay');
  const paused = usePlayground((state) => isPaused(state.run));
  const strategy = usePlayground(runStrategy);
  const speed = usePlayground((state) => state.speed);
  const hasScenario = usePlayground((state) => state.scenario !== null);
  const loading = usePlayground((state) => state.loading);
  const runButton = useRef<HTMLButtonElement>(null);
  const pauseButton = useRef<HTMLButtonElement>(null);
  // Run disables itself: focus goes on to Pause (and back to Run when the run ends), never to the page body.
  const focusAfterRun = useRef(false);
  // The move waits for the next frame to be drawn: focusing in the commit made the browser compute
  // the style of the whole changed page inside the click's task (a third of it, on the first run).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (running && !live && focusAfterRun.current) pauseButton.current?.focus({ preventScroll: true });
        const lost = document.activeElement === pauseButton.current || document.activeElement === document.body;
        if (!running && focusAfterRun.current && lost) runButton.current?.focus({ preventScroll: true });
        if (!running) focusAfterRun.current = false;
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [running, live]);
  return (
    <header className="app-header">
      <h1>
        <span className="brand">Tool System Playground</span>
        <span className="scenario-title">{title}</span>
      </h1>
      {/* Reaching for the controls warms the engine up for the first run (controller/warmUp.ts). */}
      <div className="controls" role="toolbar" aria-label="Run controls" onPointerOver={warmUp} onFocus={warmUp}>
        <button
          type="button"
          className="primary"
          ref={runButton}
          disabled={!hasScenario || running}
          aria-busy={loading.length > 0}
          onClick={() => {
            focusAfterRun.current = true;
            dispatchRun({ kind: 'replay' });
          }}
          title={loading.length > 0 ? `Run (Space): starts once ${loading.map((part) => PAGE_PART_NAMES[part]).join(', ')} loaded` : 'Run (Space)'}
        >
          Run
        </button>
        <button ref={pauseButton} type="button" disabled={!running || live} onClick={togglePause} aria-pressed={paused} title={live ? 'A live run cannot pause: the model does not wait' : 'Pause or resume (Space)'}>
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" disabled={!hasScenario || live} onClick={step} title="Step to the next event (.)">
          Step
        </button>
        <button type="button" disabled={!running} onClick={stopRun} title="Stop: interrupt the run (Escape)">
          Stop
        </button>
        <button type="button" disabled={running} onClick={resetRun}>
          Reset
        </button>
        <label>
          <span className="control-label">Strategy </span>
          <select aria-label="Strategy" value={strategy} disabled={running} onChange={(event) => setStrategy(event.target.value as Strategy)}>
            {STRATEGIES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="control-label">Speed </span>
          <select aria-label="Speed" value={speed} onChange={(event) => setSpeed(Number(event.target.value))}>
            {(SPEEDS.includes(speed) ? SPEEDS : [...SPEEDS, speed].sort((a, b) => a - b)).map((value) => (
              <option key={value} value={value}>
                {value}×
              </option>
            ))}
          </select>
        </label>
      </div>
      <HeaderImport disabled={running} />
      <div className="header-status">
        <RunStatus />
        <SandboxBadge />
      </div>
    </header>
  );
}

/**
 * Import… where a visitor looks first: a session log of any agent the playground reads (a folder's
 * logs picked at once give one report across them) or a scenario file, read here and never sent.
 */
function HeaderImport({ disabled }: { disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const names = useSessionFormatNames();
  return (
    <>
      <button type="button" disabled={disabled} onClick={() => input.current?.click()} data-testid="header-import" title={`Open a session log${names ? ` (${names})` : ''} or a scenario file: read in this page, never sent`}>
        Import…
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Import a session log or a scenario file"
        data-testid="header-import-file"
        onChange={(event) => {
          const element = event.currentTarget;
          const files = [...(element.files ?? [])];
          element.value = ''; // choosing the same file again imports it again
          void importScenarioFiles(files);
        }}
      />
    </>
  );
}

/**
 * The run's state in a few words. A call made by hand is not judged against the lesson (the lesson
 * check says nothing of it either); a run says whether it met the lesson.
 */
export function runStatusText(run: RunState, passed: boolean | undefined): string {
  if (run.status === 'done') {
    if (run.kind === 'manual') return 'done · a call by hand';
    return passed === false ? 'done · differs from the lesson' : passed ? 'done · expectations met' : 'done';
  }
  return isPaused(run) ? 'paused' : run.status;
}

function RunStatus() {
  const status = usePlayground((state) => state.run.status);
  const paused = usePlayground((state) => isPaused(state.run));
  const text = usePlayground((state) => runStatusText(state.run, state.record.expectations?.passed));
  return (
    <span className="run-status" data-testid="run-status" data-status={status} data-paused={paused || undefined} role="status" aria-live="polite" title={text}>
      {text}
    </span>
  );
}
