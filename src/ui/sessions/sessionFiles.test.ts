import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../scenarios/validate';
import { CHILD_ID, childRollout, parentRollout } from '../../../test/codexSubAgents';
import { storageFilesOf } from '../../../test/opencode/storageLayout';
import { holdsSessionLog, openSessionFiles, sessionFilesOf, sessionsOf } from './sessionFiles';
import { importSessionTexts } from './sessionImport';

const LOG = 'test/transcripts/spotter-8463c716-main-lines715-1093.jsonl';

describe('opening a session log in the page', () => {
  it('imports a picked .jsonl into a scenario the page opens, saying its version and size', async () => {
    const text = readFileSync(LOG, 'utf8');
    const opening = await openSessionFiles([new File([text], 'session.jsonl'), new File(['{}'], 'notes.txt')]);
    if (!opening.ok) throw new Error(opening.message);
    expect(validateScenario(JSON.parse(opening.json)).ok).toBe(true);
    expect(opening.label).toMatch(/^Claude Code \d+\.\d+\.\d+$/);
    expect(opening.calls).toMatch(/^[1-9]\d* calls/);
    expect(opening.bytes).toBe(text.length);
  });

  it('imports a Codex CLI rollout the same way, labelled with its agent and version', async () => {
    const rollout = 'test/codex/rollout-2025-10-14T09-31-02-0199e2b4-1f3a-7c52-9d0e-6a1b2c3d4e5f.jsonl';
    const opening = await openSessionFiles([new File([readFileSync(rollout, 'utf8')], 'rollout.jsonl')]);
    if (!opening.ok) throw new Error(opening.message);
    expect(opening.label).toBe('Codex CLI 0.46.0');
    expect(opening.calls).toBe('12 calls');
  });

  it('tells a scenario file from a session log, and says what a drop without a log lacks', async () => {
    expect(await holdsSessionLog([new File(['{}'], 'my.scenario.json')])).toBe(false);
    expect(await holdsSessionLog([new File([''], 'a.jsonl')])).toBe(true);
    const none = await openSessionFiles([new File(['{}'], 'x.json')]);
    expect(none.ok).toBe(false);
    expect(!none.ok && none.message).toContain('.jsonl');
  });

  it('takes a Gemini CLI chat (.json) as a session, not as a scenario', async () => {
    const chat = readFileSync('test/gemini/gemini-cli-codemie-file-ops-37b7abef.json', 'utf8');
    const files = [new File([chat], 'session-2026-01-16T11-01-37b7abef.json')];
    expect(await holdsSessionLog(files)).toBe(true);
    const opening = await openSessionFiles(files);
    if (!opening.ok) throw new Error(opening.message);
    expect(opening.label).toContain('Gemini CLI');
    expect(opening.calls).toBe('14 calls');
  });

  it('groups a dropped folder into sessions: a Claude log with its sub-agents, a Cline task with its chat', async () => {
    const named = (name: string) => new File(['[]'], name);
    const files = [
      named('logs/a.jsonl'),
      named('logs/a/subagents/agent-1.jsonl'),
      named('tasks/171/api_conversation_history.json'),
      named('tasks/171/ui_messages.json'),
      named('tasks/171/task_metadata.json'),
    ];
    const sessions = await sessionsOf(await sessionFilesOf(files));
    expect(sessions.map((session) => [session.main.name, session.subAgents.map((file) => file.name)])).toEqual([
      ['logs/a.jsonl', ['logs/a/subagents/agent-1.jsonl']],
      ['tasks/171/api_conversation_history.json', ['tasks/171/ui_messages.json']],
    ]);
  });

  it('groups a dropped Codex sessions folder: a sub-agent’s rollout with its parent’s, one whose parent is missing alone', async () => {
    const day = 'sessions/2026/06/26';
    const parent = new File([parentRollout({ agent_id: CHILD_ID, nickname: 'Boyle' })], `${day}/rollout-parent.jsonl`);
    const child = new File([childRollout()], `${day}/rollout-child.jsonl`);
    const orphan = new File([childRollout({ parentId: '019eeeee-0000-7000-8000-000000000000' })], `${day}/rollout-orphan.jsonl`);
    const sessions = await sessionsOf(await sessionFilesOf([child, orphan, parent]));
    expect(sessions.map((session) => [session.main.name, session.subAgents.map((file) => file.name)])).toEqual([
      [orphan.name, []],
      [parent.name, [child.name]],
    ]);
    const opening = await openSessionFiles([parent, child]);
    if (!opening.ok) throw new Error(opening.message);
    expect(opening.calls).toContain('2 by sub-agents');
  });

  it('groups a dropped OpenCode storage folder by session, a sub-agent’s with its parent’s, and opens one as its export opens', async () => {
    const asFiles = (list: { name: string; text: string }[]) => list.map((file) => new File([file.text], file.name));
    const main = asFiles(storageFilesOf('opencode-export-store-fix.json'));
    const child = asFiles(storageFilesOf('opencode-export-store-fix-subagent.json'));
    // Two sessions that name each other as parent: each is reported on its own, neither lost.
    const circle = (id: string, parent: string) => new File([JSON.stringify({ id, parentID: parent, version: '1.0.0', directory: '/' })], `storage/session/global/${id}.json`);
    const dropped = [...child, new File(['{}'], 'storage/project/global.json'), ...main, circle('ses_b1', 'ses_b2'), circle('ses_b2', 'ses_b1')];
    const sessions = await sessionsOf(await sessionFilesOf(dropped));
    expect(sessions.map((session) => session.main.name)).toEqual([main[0]!.name, 'storage/session/global/ses_b1.json', 'storage/session/global/ses_b2.json']);
    expect(sessions[0]!.subAgents.map((file) => file.name).sort()).toEqual([...main.slice(1), ...child].map((file) => file.name).sort());
    expect(sessions[0]!.subAgents[0]!.name).toBe(child[0]!.name);

    const opening = await openSessionFiles([...child, ...main]);
    const exported = await openSessionFiles(['opencode-export-store-fix.json', 'opencode-export-store-fix-subagent.json'].map((name) => new File([readFileSync(`test/opencode/${name}`, 'utf8')], name)));
    if (!opening.ok || !exported.ok) throw new Error('not opened');
    expect(opening.label).toContain('OpenCode');
    expect(opening.calls).toBe(exported.calls);
    expect(opening.scenario.turns).toEqual(exported.scenario.turns);
  });

  it('names the damaged lines, imports the rest, and refuses a log with nothing to replay', () => {
    const lines = readFileSync(LOG, 'utf8').split('\n');
    lines.splice(2, 0, '{"type":"assistant"');
    const opening = importSessionTexts([{ name: 'cut.jsonl', text: lines.join('\n') }]);
    expect(opening.ok && opening.problems).toContain('cut.jsonl:3:');
    const empty = importSessionTexts([{ name: 'empty.jsonl', text: '{"type":"summary","summary":"Earlier work","leafUuid":"u1"}\n' }]);
    expect(empty.ok).toBe(false);
    expect(!empty.ok && empty.message).toContain('no model response');
  });
});
