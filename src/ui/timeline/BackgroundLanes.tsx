import { memo } from 'react';
import { msText } from './callText';
import { drawnX, OPEN_CLASS, spanStyle } from './drawnPosition';
import type { BackgroundLane } from './timelineMarks';
import type { TimeMap } from './timeScale';
import { ROW_HEIGHT } from './TimelineLane';

export interface BackgroundLanesProps {
  lanes: readonly BackgroundLane[];
  map: TimeMap;
  /** Names the call that started or stopped a shell. */
  labelOf: (id: string) => string;
}

function ending(lane: BackgroundLane, labelOf: (id: string) => string): string {
  const { shell } = lane;
  switch (shell.how) {
    case 'exit':
      return `exit ${shell.exitCode ?? '?'}`;
    case 'kill':
      return shell.stoppedBy !== undefined ? `stopped by ${labelOf(shell.stoppedBy)}` : 'stopped';
    case 'run-end':
      return 'ended with the run';
    case null:
      return 'running';
  }
}

function BackgroundLanesView({ lanes, map, labelOf }: BackgroundLanesProps) {
  if (lanes.length === 0) return null;
  return (
    <div className="tl-background" role="list" aria-label={`Background shells (${lanes.length})`}>
      {lanes.map((lane) => {
        const { shell } = lane;
        const end = ending(lane, labelOf);
        return (
          <div
            key={shell.id}
            role="listitem"
            className={`tl-lane tl-lane--background${lane.open ? ' tl-lane--background-open' : ''}`}
            data-testid="background-lane"
            data-shell-id={shell.id}
            data-state={lane.open ? 'running' : 'ended'}
            data-how={shell.how ?? ''}
            aria-label={`Background shell ${shell.id}: ${shell.command}, started by ${labelOf(shell.startedBy)} at ${msText(shell.startedAt)} ms, ${lane.open ? 'still running' : `${end} at ${msText(shell.endedAt ?? 0)} ms`}`}
            style={{ top: lane.row * ROW_HEIGHT }}
          >
            <div className="tl-label" aria-hidden="true">
              <span className="tl-mark">⟳</span>
              <span className="tl-name">
                {shell.id} {shell.command}
              </span>
            </div>
            <div className="tl-track" aria-hidden="true">
              <span className={`tl-seg tl-seg--background${lane.open ? ` ${OPEN_CLASS}` : ''}`} data-time="real" style={spanStyle(map, lane.from, lane.to, lane.open)} />
              {!lane.open && (
                <span className="tl-outcome-tag tl-outcome-tag--right tl-tone--background" style={{ left: drawnX(map.toDrawn(lane.to)) }}>
                  {end}
                </span>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** The background shells, a lane each below the calls, from their start until they ended (or now). */
export const BackgroundLanes = memo(BackgroundLanesView);
