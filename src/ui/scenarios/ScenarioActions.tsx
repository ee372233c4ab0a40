import { useRef, type ChangeEvent } from 'react';
import { useSessionFormatNames } from '../sessions/formatNames';

export interface ScenarioActionsProps {
  running: boolean;
  /** The editor's text is a valid scenario. */
  valid: boolean;
  dirty: boolean;
  runOnOpen: boolean;
  onApply: () => void;
  onSave: () => void;
  onRevert: () => void;
  onNew: () => void;
  /** Files chosen with Import…: a scenario, or a session log with its sub-agents' logs. */
  onImport: (event: ChangeEvent<HTMLInputElement>) => void;
  onExport: () => void;
  onShare: () => void;
  onRunOnOpen: (runOnOpen: boolean) => void;
}

/** The scenario editor's toolbar: Apply, Save as mine, Revert, New, Import…, Export, Copy share link. */
export function ScenarioActions({ running, valid, dirty, runOnOpen, onApply, onSave, onRevert, onNew, onImport, onExport, onShare, onRunOnOpen }: ScenarioActionsProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const names = useSessionFormatNames();
  return (
      <div className="scenario-actions" role="toolbar" aria-label="Scenario actions">
        <button
          type="button"
          className="primary"
          onClick={onApply}
          aria-disabled={running || !valid}
          title={running ? 'Stop the run first' : valid ? 'Load this scenario' : 'Fix the problems first'}
          data-testid="scenario-apply"
        >
          Apply
        </button>
        <button type="button" onClick={onSave} data-testid="scenario-save">
          Save as mine
        </button>
        <button type="button" onClick={onRevert} disabled={!dirty} data-testid="scenario-revert">
          Revert
        </button>
        <button type="button" onClick={onNew} data-testid="scenario-new">
          New
        </button>
        <button type="button" onClick={() => fileInput.current?.click()} data-testid="scenario-import" title={`A scenario file (.json), or a session log of ${names ?? 'an agent'}: read here, never sent`}>
          Import…
        </button>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          onChange={onImport}
          aria-label={`Import a scenario file, or session logs of ${names ?? 'an agent'} (told by what they hold, whatever their names); several sessions give one report across them`}
          data-testid="scenario-import-file"
        />
        <button type="button" onClick={onExport} data-testid="scenario-export">
          Export
        </button>
        <button type="button" onClick={onShare} data-testid="scenario-share">
          Copy share link
        </button>
        <label className="scenario-autorun">
          <input type="checkbox" checked={runOnOpen} onChange={(event) => onRunOnOpen(event.currentTarget.checked)} /> link starts the run
        </label>
      </div>
  );
}
