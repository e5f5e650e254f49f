import { MIGRATION_ROWS } from './migration40';
import { keyIn, stepsFromRows, type Scenario } from './types';

/**
 * The migration with a query that keeps timing out the same way (the remind-then-recover lesson,
 * SPEC §10): step 4's row count fails with `timeout` on every attempt the model makes with the
 * same args. Only a change of approach (the model's, after a reminder, or a person's) leaves the
 * script, and then the call goes through. A lesson scenario: not one of §7's five presets.
 */
export const stuckQuery: Scenario = {
  id: 'stuck-query',
  title: 'scenario.stuck-query.title',
  summary: 'scenario.stuck-query.summary',
  mode: 'one_shot',
  steps: stepsFromRows(MIGRATION_ROWS, keyIn('migration')),
  script: { 4: Array.from({ length: 10 }, () => ({ fail: 'timeout' as const })) },
};
