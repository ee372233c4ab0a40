/**
 * The built-in scenarios' ids, in the order a lesson would take them. Each is also its file's name
 * (`<id>.json` here): the page lists the lessons from their titles and loads a scenario's body when
 * it is first opened, so the bodies are not part of its first paint (docs/design.md, The page).
 */
export const LESSON_ORDER = [
  'seed-partition',
  'streaming-speedup',
  'concurrency-cap',
  'result-order',
  'bash-cascade',
  'bash-readonly-parallel',
  'errors-stay-local',
  'claude-code-changed-its-mind',
  'invalid-input',
  'unknown-tool',
  'read-before-edit',
  'parallel-edit-race',
  'permission-rules',
  'user-interrupt',
  'streaming-fallback',
  'sub-agent',
  'plan-mode',
  'deferred-discovery',
  'mcp-tools',
] as const;

/** A built-in scenario's id. */
export type LessonId = (typeof LESSON_ORDER)[number];
