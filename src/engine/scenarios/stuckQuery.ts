import { MIGRATION_ROWS } from './migration40';
import { stepsFromRows, type Scenario } from './types';

/**
 * The migration with a query that keeps timing out the same way (the remind-then-recover lesson,
 * SPEC §10): step 4's row count fails with `timeout` on every attempt the model makes with the
 * same args. Only a change of approach (the model's, after a reminder, or a person's) leaves the
 * script, and then the call goes through. A lesson scenario: not one of §7's five presets.
 */
export const stuckQuery: Scenario = {
  id: 'stuck-query',
  title: { zh: '一直超时的查询', en: 'A query that keeps timing out' },
  summary: {
    zh: '第 4 步的计数查询每次都同样超时，除非模型换一种做法。',
    en: 'Step 4’s row count times out the same way every time, unless the model changes its approach.',
  },
  mode: 'one_shot',
  steps: stepsFromRows(MIGRATION_ROWS),
  script: { 4: Array.from({ length: 10 }, () => ({ fail: 'timeout' as const })) },
};
