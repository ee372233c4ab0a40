import { lazy, Suspense, useState } from 'react';
import { SettingsPanel } from './SettingsPanel';

// The tester reads commands with the shell parser: it loads when it is first opened.
const RulesPanel = lazy(() => import('../rules/RulesPanel').then((module) => ({ default: module.RulesPanel })));

type Mode = 'settings' | 'rules';

/** The Settings tab: the run's settings, or the permission-rule tester (a mode of the tab). */
export function SettingsTab() {
  const [mode, setMode] = useState<Mode>('settings');
  return (
    <>
      <div className="settings-modes" role="group" aria-label="Settings or rule tester">
        <button type="button" aria-pressed={mode === 'settings'} onClick={() => setMode('settings')}>
          Run settings
        </button>
        <button type="button" aria-pressed={mode === 'rules'} onClick={() => setMode('rules')}>
          Rule tester
        </button>
      </div>
      {mode === 'settings' ? (
        <SettingsPanel />
      ) : (
        <Suspense fallback={<p className="muted">Loading the rule tester…</p>}>
          <RulesPanel />
        </Suspense>
      )}
    </>
  );
}
