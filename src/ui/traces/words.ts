import type { Lang } from '../../engine';
import { localizeError } from '../../i18n';
import { TRACE_FORMATS, type DensityRow, type TraceFormat, type TraceStage } from '../../traces';
import type { T } from '../useT';

/** A format's name in the page's language; product names stay as their makers write them. */
export function formatName(t: T, format: TraceFormat): string {
  return format === 'claude-code'
    ? t('traces.format.claude-code', { name: 'Claude Code' })
    : t(`traces.format.${format}`);
}

/** The formats the page reads (TRACE_FORMATS), listed as the page's language lists things. */
export const formatList = (t: T): string => TRACE_FORMATS.map((f) => formatName(t, f.id)).join(t('list.sep'));

/** A refused trace in the page's language; E643 names the formats as the page names them. */
export const refusalText = (t: T, lang: Lang, refusal: { code: string; message: { en: string } }): string =>
  refusal.code === 'E643' ? `E643: ${t('err.E643', { 0: formatList(t) })}` : localizeError(refusal.message.en, lang);

/** The guard's stage after a call; after a call that failed nothing (count 0), the stage it holds, with no count. */
export const stageWords = (t: T, stage: TraceStage, count: number): string =>
  stage === 'none'
    ? t('traces.stage.none')
    : count === 0 && stage !== 'counting'
      ? t(`traces.stage.${stage}.held`)
      : t(`traces.stage.${stage}`, { count });

export const policyWords = (t: T, row: Pick<DensityRow, 'policy' | 'n'>): string =>
  row.policy === 'every-n' ? t('traces.policy.every-n', { n: row.n ?? 0 }) : t(`traces.policy.${row.policy}`);
