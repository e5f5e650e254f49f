import { formatInt } from '../../i18n';
import type { AnalysisHead } from '../../traces';
import type { T } from '../useT';
import { useT } from '../useT';
import { formatName } from './words';

/** The article's answer for this trace: what the guard would have done, and what it would have saved. */
function verdict(t: T, a: AnalysisHead): string {
  if (a.fuseAt !== null) {
    const figures = { fuse: a.fuseAt, after: formatInt(a.afterFuse), tokens: formatInt(a.tokensAfterFuse) };
    return a.recoveredAt !== null
      ? t('traces.verdict.recovered', { ...figures, at: a.recoveredAt })
      : t('traces.verdict.lost', figures);
  }
  return a.remindAt !== null ? t('traces.verdict.reminded', { remind: a.remindAt }) : t('traces.verdict.none');
}

/** A position, or empty with "never" beside it (the hook's text is empty when the guard never got there). */
function Position({ id, at, t }: { id: string; at: number | null; t: T }) {
  return (
    <>
      <span data-testid={id}>{at ?? ''}</span>
      {at === null && <span className="hs-trace__never">{t('traces.never')}</span>}
    </>
  );
}

/** The trace's figures (ui-contract "Traces"), then the question the article asks of them. */
export function TraceSummary({ a }: { a: AnalysisHead }) {
  const t = useT();
  const skipped = Object.entries(a.skipped);
  return (
    <section className="hs-trace__block hs-trace__summary" aria-labelledby="trace-summary">
      <h2 id="trace-summary">{t('traces.summary')}</h2>
      <dl className="hs-trace__figures">
        <div>
          <dt>{t('traces.fig.format')}</dt>
          <dd data-testid="trace-format" data-format={a.format}>
            {formatName(t, a.format)}
          </dd>
        </div>
        <div>
          <dt>{t('traces.fig.calls')}</dt>
          <dd data-testid="trace-calls">{formatInt(a.calls)}</dd>
        </div>
        <div>
          <dt>{t('traces.fig.failures')}</dt>
          <dd data-testid="trace-failures">{formatInt(a.failures)}</dd>
        </div>
        <div>
          <dt>{t('traces.fig.tokens')}</dt>
          <dd data-testid="trace-tokens">{formatInt(a.tokens)}</dd>
        </div>
        <div>
          <dt>{t('traces.fig.remindAt')}</dt>
          <dd>
            <Position id="trace-remind-at" at={a.remindAt} t={t} />
          </dd>
        </div>
        <div>
          <dt>{t('traces.fig.fuseAt')}</dt>
          <dd>
            <Position id="trace-fuse-at" at={a.fuseAt} t={t} />
          </dd>
        </div>
        <div>
          <dt>{t('traces.fig.afterFuse')}</dt>
          <dd data-testid="trace-after-fuse">{formatInt(a.afterFuse)}</dd>
        </div>
        <div>
          <dt>{t('traces.fig.tokensAfterFuse')}</dt>
          <dd data-testid="trace-tokens-after-fuse">{formatInt(a.tokensAfterFuse)}</dd>
        </div>
        <div>
          <dt>{t('traces.fig.recovered')}</dt>
          <dd data-testid="trace-recovered" data-recovered={a.recovered ? 'true' : 'false'}>
            {a.fuseAt === null
              ? t('traces.recovered.noFuse')
              : a.recoveredAt !== null
                ? t('traces.recovered.at', { n: a.recoveredAt })
                : t('traces.recovered.no')}
          </dd>
        </div>
      </dl>
      <h3>{t('traces.question')}</h3>
      <p data-testid="trace-verdict">{verdict(t, a)}</p>
      {skipped.length > 0 && (
        <p className="hs-trace__skipped">
          {t('traces.skipped', {
            list: skipped.map(([kind, n]) => `${kind} × ${formatInt(n)}`).join(t('list.sep')),
          })}
        </p>
      )}
    </section>
  );
}
