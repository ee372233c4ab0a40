import type { RunRecord } from '../run/record';
import { runScenario } from '../run/runScenario';
import type { PolicyName } from '../scenarios/policies';
import type { Scenario } from '../scenarios/schema';
import { createRealClock } from '../time/clock';
import { createVirtualClock } from '../time/virtualClock';
import type { ReplayOptions } from './replayOptions';
import { createSandbox } from './sandboxes';

/** The scenario with its policy replaced (its own explicit scheduling settings still override). */
export function underPolicy(scenario: Scenario, policy: PolicyName): Scenario {
  return { ...scenario, settings: { ...scenario.settings, policy } };
}

/** Runs a valid scenario on a fresh sandbox of the asked kind, on the virtual clock or (`realtime`) the wall clock. */
export async function runRecord(scenario: Scenario, options: Pick<ReplayOptions, 'sandbox' | 'strategy' | 'realtime' | 'effects' | 'network'>): Promise<RunRecord> {
  const sandbox = await createSandbox(options.sandbox);
  const strategy = {
    ...(options.strategy ? { strategy: options.strategy } : {}),
    ...(options.effects ? { effects: options.effects } : {}),
    ...(options.network ? { network: options.network } : {}),
  };
  // URL and stdio servers need this machine (a process to start, variables to fill in): loaded only for them.
  const remote = scenario.settings.mcpServers.some((server) => typeof server !== 'string');
  // What a stdio server starts (its helpers, a child that ignores SIGTERM) ends with the run, too.
  const owner = remote ? (await import('../sandbox/ownedProcesses')).processOwner('mcp') : undefined;
  const host = remote ? { mcpHost: (await import('./mcpHost')).createCliMcpHost(process.env, owner) } : {};
  try {
    if (options.realtime) return await runScenario({ scenario, sandbox, ...strategy, ...host, clock: createRealClock() });
    const clock = createVirtualClock();
    return await clock.runUntil(runScenario({ scenario, sandbox, ...strategy, ...host, clock }));
  } finally {
    await sandbox.dispose();
    await owner?.killAll();
  }
}

