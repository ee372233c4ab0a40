import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FolderReport } from '../run/folderReport';
import { CHILD_ID, childRollout, parentRollout } from '../../test/codexSubAgents';
import { findSessionGroups, findSessionLogs, readSessionFiles, readTextFile } from './nodeFiles';
import type { CliIo } from './replayIo';
import { replayMain } from './replayMain';
import { importCodexSession } from '../scenarios/import/codex/importCodexSession';

/**
 * A Codex sessions folder with a session that spawned a sub-agent (both rollouts made of the real
 * 0.142.2 sample's lines, the collaboration lines written from Codex's source: see
 * test/codexSubAgents.ts), and a sub-agent whose parent is not in the folder.
 */
const folder = mkdtempSync(join(tmpdir(), 'codex-threads-'));
const day = join(folder, 'sessions/2026/06/26');
mkdirSync(day, { recursive: true });
writeFileSync(join(day, 'rollout-2026-06-26T12-24-12-parent.jsonl'), parentRollout({ agent_id: CHILD_ID, nickname: 'Boyle' }));
writeFileSync(join(day, 'rollout-2026-06-26T12-58-00-child.jsonl'), childRollout());
writeFileSync(join(day, 'rollout-2026-06-26T12-58-00-orphan.jsonl'), childRollout({ parentId: '019eeeee-0000-7000-8000-000000000000' }));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const relative = (path: string) => path.slice(folder.length + 1);

describe('a folder of Codex sessions with sub-agents’ rollouts', () => {
  it('puts a sub-agent’s rollout with its parent’s, and leaves one whose parent is missing a session', async () => {
    expect((await findSessionLogs(folder))!.map(relative)).toHaveLength(3);
    const groups = (await findSessionGroups(folder))!;
    expect(groups.logs.map(relative)).toEqual(['sessions/2026/06/26/rollout-2026-06-26T12-24-12-parent.jsonl', 'sessions/2026/06/26/rollout-2026-06-26T12-58-00-orphan.jsonl']);
    expect([...groups.companions].map(([parent, children]) => [relative(parent), children.map(relative)])).toEqual([
      ['sessions/2026/06/26/rollout-2026-06-26T12-24-12-parent.jsonl', ['sessions/2026/06/26/rollout-2026-06-26T12-58-00-child.jsonl']],
    ]);
  });

  it('reports the sub-agent’s calls in its parent’s session, not as a session of their own', async () => {
    const out: string[] = [];
    const io: CliIo = {
      readFile: readTextFile,
      readSessionFiles,
      findSessionLogs,
      findSessionGroups,
      writeFile: () => Promise.resolve(),
      stdout: (text) => void out.push(text),
      stderr: () => undefined,
    };
    expect(await replayMain([folder, '--format', 'json'], io)).toBe(0);
    const report = JSON.parse(out.join('')) as FolderReport;
    expect(report.sessions).toBe(2);
    expect(report.unreadable).toEqual([]);
    // Every call of the parent (the sub-agent's two commands among them) and the orphan's two.
    const nested = importCodexSession([
      { name: 'parent.jsonl', text: parentRollout({ agent_id: CHILD_ID, nickname: 'Boyle' }) },
      { name: 'child.jsonl', text: childRollout() },
    ]);
    if (!nested.ok) throw new Error('the parent did not import');
    const count = (turns: readonly { stream: readonly { type: string }[] }[]) => turns.reduce((sum, turn) => sum + turn.stream.filter((block) => block.type === 'tool_use').length, 0);
    const parentCalls = count(nested.scenario.turns) + Object.values(nested.scenario.agents ?? {}).reduce((sum, agent) => sum + count(agent.turns), 0);
    expect(count(nested.scenario.agents!.call_spawn_1!.turns)).toBe(2);
    expect(report.calls).toBe(parentCalls + 2);
  });
});
