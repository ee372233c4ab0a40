import { beforeAll } from 'vitest';
import { loadScenarioValidator } from '../src/ui/scenarios/scenarioText';

// The page loads its scenario validator (zod) after its first paint, before it opens a scenario
// (src/ui/main.tsx); its tests, which open scenarios from the first line, load it first too.
beforeAll(() => loadScenarioValidator());
