import { dynamicPlan } from './dynamicPlan';
import { enumerate } from './enumerate';
import { migration40 } from './migration40';
import { notFound } from './notFound';
import { scaledMigration } from './scaled';
import { script5min } from './script5min';
import { stuckQuery } from './stuckQuery';
import type { Scenario } from './types';

export type { Scenario, ScriptedAttempt } from './types';
export { scaledMigration };

/** The five presets of SPEC §7, in the order the picker shows them. */
export const SCENARIOS: readonly Scenario[] = [migration40, notFound, enumerate, script5min, dynamicPlan];

/** Scenarios only a lesson opens (not in the picker): a run, a link or a file may still name them. */
export const LESSON_SCENARIOS: readonly Scenario[] = [stuckQuery];

export const DEFAULT_SCENARIO_ID = 'migration-40';

const SCALED = /^migration-(\d{1,5})$/;

/**
 * Stretched migrations built so far, newest last. Building one is O(N) (about 160 ms at
 * N = 99,999) and every checkpoint check asks for its scenario, so an import of a long run
 * built it once per checkpoint. A scenario is immutable data, the same for every run that asks,
 * so sharing it is not shared state (STYLE 15); a few are kept, the oldest dropped first.
 */
const built = new Map<number, Scenario>();
const BUILT_KEPT = 8;

/** A preset by id; `migration-<N>` (N up to 99,999) gives the stretched migration. */
export function findScenario(id: string): Scenario | undefined {
  const preset = SCENARIOS.find((s) => s.id === id) ?? LESSON_SCENARIOS.find((s) => s.id === id);
  if (preset) return preset;
  const m = SCALED.exec(id);
  const n = m ? Number(m[1]) : 0;
  if (n < 1) return undefined;
  let scenario = built.get(n);
  if (!scenario) {
    scenario = scaledMigration(n);
    if (built.size >= BUILT_KEPT) built.delete(built.keys().next().value as number);
    built.set(n, scenario);
  }
  return scenario;
}
