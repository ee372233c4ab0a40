import { resolveScheduling, type SchedulingSettings } from './policies';
import type { EffectiveSettings, ScenarioSettings } from './schema';

// Apart from the schema, so that the page's first screen (its settings, the lesson check) reads a
// scenario's settings without loading zod, which validating a scenario needs (docs/performance.md).

/** The settings a run uses: the policy preset's scheduling settings, each overridden by the scenario's own. */
export function effectiveSettings(settings: ScenarioSettings): EffectiveSettings {
  const explicit: Partial<SchedulingSettings> = {};
  if (settings.maxConcurrency !== undefined) explicit.maxConcurrency = settings.maxConcurrency;
  if (settings.resultOrder !== undefined) explicit.resultOrder = settings.resultOrder;
  if (settings.cascade !== undefined) explicit.cascade = settings.cascade;
  if (settings.bashConcurrency !== undefined) explicit.bashConcurrency = settings.bashConcurrency;
  if (settings.concurrentTools !== undefined) explicit.concurrentTools = settings.concurrentTools;
  return { ...settings, ...resolveScheduling(settings.policy, explicit) };
}
