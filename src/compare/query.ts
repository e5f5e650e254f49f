import { DESIGN_IDS, STORY_IDS, isDesignId, isStoryId, parseSeed, type StoryId } from '../engine';
import type { CompareConfig } from './runner';

/** A compare link's refusals: each a dictionary row `compare.<code>`, filled from `params`. */
export type QueryCode = 'C201' | 'C202' | 'C203' | 'C204' | 'C205';

/**
 * A refused compare link: its number, the parameter at fault and what fills the row's
 * placeholders (a list is joined by the page, with its language's separator).
 */
export interface QueryProblem {
  code: QueryCode;
  field: 'compare' | 'script' | 'seed';
  params: Record<string, string | readonly string[]>;
}

type CompareQuery = { ok: true; config: CompareConfig } | { ok: false; error: QueryProblem };

const refuse = (code: QueryCode, field: QueryProblem['field'], params: QueryProblem['params']): CompareQuery => ({
  ok: false,
  error: { code, field, params },
});

/** The script a compare link without `script=` plays. */
const DEFAULT_SCRIPT: StoryId = 'opening-story';

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
    return refuse('C201', 'compare', { got: compare });
  }
  for (const d of designs) {
    if (!isDesignId(d)) return refuse('C202', 'compare', { design: d, designs: DESIGN_IDS });
  }
  const [a, b] = designs as [CompareConfig['designs'][0], CompareConfig['designs'][1]];
  if (a === b) return refuse('C203', 'compare', { design: a });
  const script = params.get('script') ?? DEFAULT_SCRIPT;
  if (!isStoryId(script)) return refuse('C204', 'script', { script, scripts: STORY_IDS });
  const seedText = params.get('seed');
  const seed = seedText === null ? 1 : parseSeed(seedText);
  if (seed === null) {
    return refuse('C205', 'seed', { got: seedText ?? '' });
  }
  return { ok: true, config: { designs: [a, b], script, seed } };
}
