import { MIGRATION_ROWS } from './migration40';
import { keyIn, stepsFromRows, type Scenario, type StepRow } from './types';

/**
 * The migration with the same `not_found` twice (SPEC §4): at step 3 a mistyped config path
 * (the hint says re-check the path), at step 27 a file that step 18 renamed (the hint names
 * step 18 and both refs). The plan was written before the rename, so 27 still names the old file.
 */
const rows: StepRow[] = MIGRATION_ROWS.map((row, i): StepRow => {
  if (i !== 26) return row;
  const [phase, tool, effect, zh, en, args, produces] = row;
  return [phase, tool, effect, zh, en, { ...args, file: 'exports/orders.csv' }, produces];
});

export const notFound: Scenario = {
  id: 'not-found',
  title: 'scenario.not-found.title',
  summary: 'scenario.not-found.summary',
  mode: 'one_shot',
  steps: stepsFromRows(rows, keyIn('migration')),
  script: {
    3: [{ args: { path: 'config/migration.yml' }, fail: 'not_found' }, { args: { path: 'config/migration.yaml' } }],
    27: [
      { fail: 'not_found' },
      { args: { sql: 'ALTER TABLE orders ADD COLUMN region_id', file: 'exports/orders_v2.csv' } },
    ],
  },
};
