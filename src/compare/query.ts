import { DESIGN_IDS, STORY_IDS, isDesignId, isStoryId, parseSeed, type StoryId } from '../engine';
import { problem, type Problem } from '../lessons/problem';
import type { CompareConfig } from './runner';

export type CompareQuery = { ok: true; config: CompareConfig } | { ok: false; error: Problem };

/** The script a compare link without `script=` plays. */
export const DEFAULT_SCRIPT: StoryId = 'opening-story';

/**
 * Reads `?compare=a,b&script=id` (and `seed`) into a validated config, or null when the address
 * asks for no comparison. Every refusal names the parameter and says what would be accepted.
 */
export function parseCompareQuery(search: string | URLSearchParams): CompareQuery | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const compare = params.get('compare');
  if (compare === null) return null;
  const designs = compare.split(',').map((d) => d.trim());
  if (designs.length !== 2) {
    return {
      ok: false,
      error: problem(
        'C201',
        'compare',
        `give two designs separated by a comma, e.g. article,no-checkpoint (got "${compare}")`,
        `要给两个设计，用逗号隔开，如 article,no-checkpoint（收到「${compare}」）`,
      ),
    };
  }
  for (const d of designs) {
    if (!isDesignId(d))
      return {
        ok: false,
        error: problem(
          'C202',
          'compare',
          `unknown design "${d}"; the designs are ${DESIGN_IDS.join(', ')}`,
          `没有设计「${d}」；可选：${DESIGN_IDS.join('、')}`,
        ),
      };
  }
  const [a, b] = designs as [CompareConfig['designs'][0], CompareConfig['designs'][1]];
  if (a === b)
    return {
      ok: false,
      error: problem(
        'C203',
        'compare',
        `the same design twice ("${a}"): compare two different ones`,
        `同一个设计出现了两次（「${a}」）：要比较两个不同的设计`,
      ),
    };
  const script = params.get('script') ?? DEFAULT_SCRIPT;
  if (!isStoryId(script))
    return {
      ok: false,
      error: problem(
        'C204',
        'script',
        `unknown script "${script}"; the scripts are ${STORY_IDS.join(', ')}`,
        `没有剧本「${script}」；可选：${STORY_IDS.join('、')}`,
      ),
    };
  const seedText = params.get('seed');
  const seed = seedText === null ? 1 : parseSeed(seedText);
  if (seed === null) {
    return {
      ok: false,
      error: problem(
        'C205',
        'seed',
        `must be a whole number ≥ 0 (got "${seedText}")`,
        `必须是 ≥ 0 的整数（收到「${seedText}」）`,
      ),
    };
  }
  return { ok: true, config: { designs: [a, b], script, seed } };
}
