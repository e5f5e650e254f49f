import { MIGRATION_ROWS } from './migration40';
import { stepRow } from '../stepWords';
import { stepsFromRows, type Scenario, type StepRow } from './types';

/** A title of a round after the first: the row's own title and the round. */
const ROUND = stepRow('step.round', { zh: '{title}（第 {round} 轮）', en: '{title} (round {round})' });

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
      zh,
      en,
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
    steps: stepsFromRows(
      rows,
      (i) => `step.migration.${(i % MIGRATION_ROWS.length) + 1}`,
      (i, title) => {
        const round = Math.floor(i / MIGRATION_ROWS.length);
        return round ? { key: ROUND, params: { title: { key: title, params: {} }, round: round + 1 } } : title;
      },
    ),
  };
}
