import { MIGRATION_ROWS } from './migration40';
import { stepsFromRows, type Scenario, type StepRow } from './types';

/**
 * The migration stretched to `total` steps (for benchmarks and the size-growth check): the 40
 * rows repeat in rounds with numbered artifacts; only step 27 stays risky, as in the story.
 */
export function scaledMigration(total: number): Scenario {
  const rows: StepRow[] = [];
  for (let i = 0; i < total; i++) {
    const round = Math.floor(i / MIGRATION_ROWS.length);
    const [phase, tool, effect, zh, en, args, produces, renames] = MIGRATION_ROWS[i % MIGRATION_ROWS.length] as StepRow;
    const tag = (s: string | undefined) => (s === undefined || round === 0 ? s : `${s}@${round}`);
    rows.push([
      phase,
      tool,
      effect === 'risky' && round > 0 ? 'side_effect' : effect,
      round ? `${zh}（第 ${round + 1} 轮）` : zh,
      round ? `${en} (round ${round + 1})` : en,
      round ? { ...args, round } : args,
      tag(produces),
      tag(renames),
    ]);
  }
  return {
    id: `migration-${total}`,
    title: { key: 'scenario.scaled.title', params: { total } },
    summary: 'scenario.scaled.summary',
    mode: 'one_shot',
    steps: stepsFromRows(rows),
  };
}
