import { dynamicPlan } from './dynamicPlan';
import { enumerate } from './enumerate';
import { migration40 } from './migration40';
import { notFound } from './notFound';
import { scaledMigration } from './scaled';
import { script5min } from './script5min';
import type { Scenario } from './types';

export type { Scenario, ScriptedAttempt } from './types';
export { scaledMigration };

/** The five presets of SPEC §7, in the order the picker shows them. */
export const SCENARIOS: readonly Scenario[] = [migration40, notFound, enumerate, script5min, dynamicPlan];

export const DEFAULT_SCENARIO_ID = 'migration-40';

const SCALED = /^migration-(\d{1,5})$/;

/** A preset by id; `migration-<N>` (N up to 99,999) gives the stretched migration. */
export function findScenario(id: string): Scenario | undefined {
  const preset = SCENARIOS.find((s) => s.id === id);
  if (preset) return preset;
  const m = SCALED.exec(id);
  const n = m ? Number(m[1]) : 0;
  return n >= 1 ? scaledMigration(n) : undefined;
}
