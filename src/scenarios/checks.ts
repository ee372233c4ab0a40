import type { z } from 'zod';
import { formatPath } from './issuePath';

/** What the rules read of a turn (the schema's turn shape has these fields and more). */
interface CheckedTurn {
  readonly stream: readonly ({ readonly type: 'text'; readonly at: number; readonly durationMs: number } | { readonly type: 'tool_use'; readonly id: string; readonly name: string; readonly at: number; readonly durationMs: number })[];
  readonly fallbackAt?: number | undefined;
  readonly interruptAt?: number | undefined;
  readonly expect?:
    | {
        readonly batches?: readonly (readonly string[])[] | undefined;
        readonly outcomes?: Readonly<Record<string, unknown>> | undefined;
        readonly resultIncludes?: Readonly<Record<string, unknown>> | undefined;
        readonly yieldOrder?: readonly string[] | undefined;
      }
    | undefined;
}

/** What the rules read of a scenario. */
interface CheckedScenario {
  readonly turns: readonly CheckedTurn[];
  readonly agents?: Readonly<Record<string, { readonly turns: readonly CheckedTurn[] }>> | undefined;
  readonly settings: { readonly answers: Readonly<Record<string, unknown>> };
  /** An imported session's record of what really happened. */
  readonly observed?: unknown;
}

/**
 * The scenario's cross-field rules, run by the schema's refinements once the shapes are right.
 * Each problem is reported at the path that has to change, with what to do about it.
 */

type Context = z.core.$RefinementCtx;
type Path = (string | number)[];

/** When the stream of a turn ends: when its last block closes. */
export function streamEnd(turn: Pick<CheckedTurn, 'stream'>): number {
  return turn.stream.reduce((end, block) => Math.max(end, block.at + block.durationMs), 0);
}

/** A control character, which no file name holds. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why `path` is not a plain workspace-relative path, or `null` when it is one. */
export function workspacePathProblem(path: string): string | null {
  if (path === '') return 'a file path must not be empty';
  const control = CONTROL.exec(path)?.[0];
  if (control !== undefined) return `a file path must not hold a control character (here ${JSON.stringify(control)}); no file system takes a NUL in a name`;
  if (path === PROTO_KEY) return `"${PROTO_KEY}" cannot be a file name in a scenario (a JavaScript object drops that key); rename the file`;
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'a workspace path is relative to the workspace root, e.g. "src/a.ts", not absolute';
  if (path.includes('\\')) return 'use "/" to separate the parts of a path, not "\\"';
  const segments = path.split('/');
  if (segments.includes('..')) return 'a workspace path must stay inside the workspace: no ".." segments';
  if (segments.some((segment) => segment === '' || segment === '.')) return 'write the path plainly, e.g. "src/a.ts": no empty or "." segments, no trailing "/"';
  return null;
}

/** The one key a JavaScript object does not keep as it was written. */
export const PROTO_KEY = '__proto__';

/** A tool_use id names calls in records keyed by id (answers, outcomes, sub-agents), so it must not be `__proto__`. */
export function checkToolUseId(id: string, ctx: Context): void {
  if (id === PROTO_KEY) ctx.addIssue({ code: 'custom', message: `"${PROTO_KEY}" cannot be a tool_use id: the records keyed by ids (answers, outcomes, agents) would drop it; use another id`, input: id });
}

/**
 * A files record must not hold a file and a file inside it (`a` and `a/b`): no file system can make
 * both. Reported at the inner file, naming the other.
 */
export function checkFilesAndFolders(files: Readonly<Record<string, string>>, ctx: Context): void {
  const paths = new Set(Object.keys(files));
  for (const path of paths) {
    const segments = path.split('/');
    for (let i = 1; i < segments.length; i++) {
      const folder = segments.slice(0, i).join('/');
      if (!paths.has(folder)) continue;
      ctx.addIssue({ code: 'custom', path: [path], message: `"${folder}" is a file, so "${path}" cannot be a file inside it; a path is a file or a folder, not both`, input: path });
      break;
    }
  }
}

/** A files record's key must be a plain workspace path (a refinement of the key schema). */
export function checkWorkspacePath(path: string, ctx: Context): void {
  const problem = workspacePathProblem(path);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, input: path });
}

/** One turn's own rules: one cut at most, a fallback that cuts something, expectations on its own calls. */
export function checkTurn(turn: CheckedTurn, ctx: Context): void {
  if (turn.fallbackAt !== undefined && turn.interruptAt !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['interruptAt'],
      message: 'a turn takes either fallbackAt (the stream fails) or interruptAt (the user presses Stop), not both; split them over two turns',
      input: turn.interruptAt,
    });
  }
  const end = streamEnd(turn);
  if (turn.fallbackAt !== undefined && turn.fallbackAt > end) {
    ctx.addIssue({
      code: 'custom',
      path: ['fallbackAt'],
      message: `the stream ends at ${end} ms, before the fallback at ${turn.fallbackAt} ms, so nothing would fail; use a time up to ${end} ms`,
      input: turn.fallbackAt,
    });
  }
  const ids = new Set(turn.stream.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])));
  const expect = turn.expect;
  if (!expect) return;
  const unknown = (id: string, path: Path) => {
    if (!ids.has(id)) ctx.addIssue({ code: 'custom', path, message: `no tool_use block of this turn has the id "${id}"`, input: id });
  };
  expect.batches?.forEach((batch, b) => batch.forEach((id, i) => unknown(id, ['expect', 'batches', b, i])));
  expect.yieldOrder?.forEach((id, i) => unknown(id, ['expect', 'yieldOrder', i]));
  for (const id of Object.keys(expect.outcomes ?? {})) unknown(id, ['expect', 'outcomes', id]);
  for (const id of Object.keys(expect.resultIncludes ?? {})) unknown(id, ['expect', 'resultIncludes', id]);
}

/** Every turn list of the scenario (the main agent's and each sub-agent's) with its path. */
function turnLists(scenario: CheckedScenario): { path: Path; turns: readonly CheckedTurn[] }[] {
  const lists: { path: Path; turns: readonly CheckedTurn[] }[] = [{ path: ['turns'], turns: scenario.turns }];
  for (const [callId, agent] of Object.entries(scenario.agents ?? {})) lists.push({ path: ['agents', callId, 'turns'], turns: agent.turns });
  return lists;
}

/** The whole scenario's rules: unique ids, a retry after every fallback, keys that name real calls. */
export function checkScenario(scenario: CheckedScenario, ctx: Context): void {
  const seen = new Map<string, Path>();
  for (const { path, turns } of turnLists(scenario)) {
    turns.forEach((turn, t) => {
      if (turn.fallbackAt !== undefined && t === turns.length - 1) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, t, 'fallbackAt'],
          message: 'a turn with fallbackAt needs a next turn: the retried response that replaces it',
          input: turn.fallbackAt,
        });
      }
      turn.stream.forEach((block, b) => {
        if (block.type !== 'tool_use') return;
        const here: Path = [...path, t, 'stream', b, 'id'];
        const first = seen.get(block.id);
        if (first) {
          ctx.addIssue({
            code: 'custom',
            path: here,
            message: `the tool_use id "${block.id}" is already used at ${formatPath(first)}; ids must be unique across the scenario, sub-agents included`,
            input: block.id,
          });
        } else seen.set(block.id, here);
      });
    });
  }
  for (const id of Object.keys(scenario.settings.answers)) {
    if (!seen.has(id)) {
      ctx.addIssue({ code: 'custom', path: ['settings', 'answers', id], message: `no tool_use block in the scenario has the id "${id}", so this answer would never be used`, input: id });
    }
  }
  const agentCalls = new Map<string, { name: string; path: Path }>();
  scenario.turns.forEach((turn, t) =>
    turn.stream.forEach((block, b) => {
      if (block.type === 'tool_use') agentCalls.set(block.id, { name: block.name, path: ['turns', t, 'stream', b] });
    }),
  );
  for (const id of Object.keys(scenario.agents ?? {})) {
    const call = agentCalls.get(id);
    if (!seen.has(id)) {
      ctx.addIssue({ code: 'custom', path: ['agents', id], message: `no tool_use block in the scenario has the id "${id}"; a sub-agent is keyed by the id of the Agent call that starts it`, input: id });
    } else if (!call) {
      ctx.addIssue({ code: 'custom', path: ['agents', id], message: `"${id}" is a call inside a sub-agent; sub-agents cannot start sub-agents, so only the main turns' Agent calls take a script`, input: id });
    } else if (!AGENT_NAMES.includes(call.name) && !scenario.observed) {
      // An imported session may nest the calls its log holds under another call too (a Codex
      // code-mode exec's code made them); a written scenario scripts sub-agents only.
      ctx.addIssue({ code: 'custom', path: ['agents', id], message: `"${id}" is a ${call.name} call, not an Agent call; a sub-agent is keyed by the id of the Agent (or Task) call that starts it`, input: id });
    }
  }
  for (const [id, call] of agentCalls) {
    if (AGENT_NAMES.includes(call.name) && !scenario.agents?.[id]) {
      ctx.addIssue({
        code: 'custom',
        path: [...call.path, 'id'],
        message: `the Agent call "${id}" has no scripted sub-agent: add "agents": { "${id}": { "turns": [ … ] } } with the sub-agent's responses`,
        input: id,
      });
    }
  }
}

/** The Agent tool's name and alias (the scenario layer does not import the tools). */
export const AGENT_NAMES: readonly string[] = ['Agent', 'Task'];
