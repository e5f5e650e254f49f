import type { QueryProblem } from '../../compare';
import type { T } from '../useT';

/** A refused compare link in the page's language: `C203 compare: the same design twice …`, lists joined as the language joins them. */
export function refusalText(t: T, { code, field, params }: QueryProblem): string {
  // A list in `params` is joined by the language's `list.sep` (translate does it).
  return t('compare.refused', { code, field, why: t(`compare.${code}`, params) });
}
