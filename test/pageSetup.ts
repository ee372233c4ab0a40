import { beforeAll } from 'vitest';
import { loadRunEngines } from '../src/ui/controller/runEngines';
import { loadScenarioValidator } from '../src/ui/scenarios/scenarioText';

// The page loads its scenario validator (zod) after its first paint, before it opens a scenario
// (src/ui/main.tsx), and what starts runs with its engine; its tests, which open scenarios and
// start runs from the first line, load both first too.
beforeAll(() => Promise.all([loadScenarioValidator(), loadRunEngines()]));
