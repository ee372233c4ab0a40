import { LESSON_ORDER, type LessonId } from './lessons';
import bashCascade from './bash-cascade.json';
import bashReadonlyParallel from './bash-readonly-parallel.json';
import claudeCodeChangedItsMind from './claude-code-changed-its-mind.json';
import concurrencyCap from './concurrency-cap.json';
import deferredDiscovery from './deferred-discovery.json';
import errorsStayLocal from './errors-stay-local.json';
import invalidInput from './invalid-input.json';
import mcpTools from './mcp-tools.json';
import parallelEditRace from './parallel-edit-race.json';
import permissionRules from './permission-rules.json';
import planMode from './plan-mode.json';
import readBeforeEdit from './read-before-edit.json';
import resultOrder from './result-order.json';
import seedPartition from './seed-partition.json';
import streamingFallback from './streaming-fallback.json';
import streamingSpeedup from './streaming-speedup.json';
import subAgent from './sub-agent.json';
import unknownTool from './unknown-tool.json';
import userInterrupt from './user-interrupt.json';

const BY_ID: Record<LessonId, unknown> = {
  'seed-partition': seedPartition,
  'streaming-speedup': streamingSpeedup,
  'concurrency-cap': concurrencyCap,
  'result-order': resultOrder,
  'bash-cascade': bashCascade,
  'bash-readonly-parallel': bashReadonlyParallel,
  'errors-stay-local': errorsStayLocal,
  'claude-code-changed-its-mind': claudeCodeChangedItsMind,
  'invalid-input': invalidInput,
  'unknown-tool': unknownTool,
  'read-before-edit': readBeforeEdit,
  'parallel-edit-race': parallelEditRace,
  'permission-rules': permissionRules,
  'user-interrupt': userInterrupt,
  'streaming-fallback': streamingFallback,
  'sub-agent': subAgent,
  'plan-mode': planMode,
  'deferred-discovery': deferredDiscovery,
  'mcp-tools': mcpTools,
};

/**
 * The built-in scenarios, in the order a lesson would take them, as raw JSON: they are validated
 * like any other scenario (`validateScenario`), and a test replays each one.
 */
export const BUILT_IN_SCENARIOS: readonly unknown[] = LESSON_ORDER.map((id) => BY_ID[id]);
