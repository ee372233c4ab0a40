import { useEffect, useRef, useState } from 'react';
import { isSubAgentFile, type LogFile } from '../../scenarios/import/logFile';
import { openSession, whenOpeningStarted } from '../controller';
import { SESSION_EVENTS_PATH, type TailedLines } from '../../scenarios/import/sessionStream';
import { importSessionTexts } from './sessionImport';

/** New lines are imported at most this often: a busy agent writes many per second. */
const IMPORT_EVERY_MS = 400;

/**
 * Follows the session `npm run watch` serves: every line of the log so far, then each new one as
 * the agent writes it, imported again as they come, so the session's real lanes grow on the
 * timeline. The lines stay in this page's memory. `onUpdate` hears of each new import.
 */
export function SessionWatch({ onUpdate }: { onUpdate: () => void }) {
  const [status, setStatus] = useState<{ state: 'connecting' | 'following' | 'lost'; lines: number; calls: string; file: string }>({ state: 'connecting', lines: 0, calls: 'no calls', file: '' });
  const update = useRef(onUpdate);
  useEffect(() => {
    update.current = onUpdate;
  }, [onUpdate]);

  useEffect(() => {
    const texts = new Map<string, string[]>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const importNow = () => {
      timer = undefined;
      const files: LogFile[] = [...texts].map(([name, lines]) => ({ name, text: `${lines.join('\n')}\n` }));
      const main = files.find((file) => !isSubAgentFile(file.name));
      if (!main) return;
      const opening = importSessionTexts(files);
      const lines = [...texts.values()].reduce((sum, each) => sum + each.length, 0);
      setStatus((now) => ({ ...now, lines, file: main.name, calls: opening.ok ? opening.calls : now.calls }));
      if (!opening.ok) return; // not a response yet: wait for more lines
      const quiet = opened;
      opened = true;
      void whenOpeningStarted().then(() => openSession({ fileName: main.name, ...opening, quiet }));
      update.current();
    };
    const source = new EventSource(SESSION_EVENTS_PATH);
    source.onopen = () => setStatus((now) => ({ ...now, state: 'following' }));
    source.onerror = () => setStatus((now) => ({ ...now, state: source.readyState === EventSource.CLOSED ? 'lost' : 'connecting' }));
    source.onmessage = (event: MessageEvent<string>) => {
      let tailed: TailedLines;
      try {
        tailed = JSON.parse(event.data) as TailedLines;
      } catch {
        return;
      }
      // Appended in place: a long session arrives in thousands of messages.
      const kept = tailed.reset ? undefined : texts.get(tailed.file);
      const lines = kept ?? [];
      if (!kept) texts.set(tailed.file, lines);
      for (const line of tailed.lines) lines.push(line);
      timer ??= setTimeout(importNow, IMPORT_EVERY_MS);
    };
    return () => {
      source.close();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);

  const { state, lines, calls, file } = status;
  return (
    <p className="session-watch" data-testid="session-watch" data-state={state} role="status">
      {state === 'lost' ? 'The watch stopped (is `npm run watch` still running?).' : state === 'connecting' ? 'Connecting to `npm run watch`…' : `Following ${file || 'the session'} live: ${lines} lines, ${calls}. It stays on this machine.`}
    </p>
  );
}
