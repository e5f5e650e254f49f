import { formatInt } from '../../i18n';
import { NO_PROGRESS_SHOWN, type AnalysisHead, type ExportKind } from '../../traces';
import type { OpenAnalysis } from './openTrace';
import { useT } from '../useT';
import { download, exportName } from './files';
import { policyWords } from './words';
import { OutsideText, SLOT, WithOutside } from '../OutsideText';

/** Each density's checkpoints over the trace and the calls a crash would lose (ui-contract `trace-density`). */
export function TraceDensities({ a }: { a: AnalysisHead }) {
  const t = useT();
  return (
    <section className="hs-trace__block" aria-labelledby="trace-densities">
      <h2 id="trace-densities">{t('traces.densities')}</h2>
      <p>{t('traces.densities.intro')}</p>
      <div className="hs-trace__wide">
        <table className="hs-trace__table">
          <thead>
            <tr>
              <th scope="col">{t('traces.col.policy')}</th>
              <th scope="col" className="hs-trace__num">
                {t('traces.col.checkpoints')}
              </th>
              <th scope="col" className="hs-trace__num">
                {t('traces.col.worst')}
              </th>
              <th scope="col" className="hs-trace__num">
                {t('traces.col.mean')}
              </th>
            </tr>
          </thead>
          <tbody>
            {a.densities.map((d) => (
              <tr
                key={d.policy}
                data-testid="trace-density"
                data-policy={d.policy}
                data-checkpoints={d.checkpoints}
                data-worst-lost={d.lostWorst}
                data-mean-lost={d.lostMean}
              >
                <th scope="row">{policyWords(t, d)}</th>
                <td className="hs-trace__num">{formatInt(d.checkpoints)}</td>
                <td className="hs-trace__num">{formatInt(d.lostWorst)}</td>
                <td className="hs-trace__num">{d.lostMean.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/* A real trace can repeat a read thousands of times: the list shows the first NO_PROGRESS_SHOWN (the calls table and the CSV mark every one). */

/** The ok calls that repeated the one before with the same result (SPEC §3's no-progress). */
export function TraceNoProgress({ a }: { a: AnalysisHead }) {
  const t = useT();
  return (
    <section className="hs-trace__block" aria-labelledby="trace-still">
      <h2 id="trace-still">{t('traces.noProgress')}</h2>
      <p>{t('traces.noProgress.intro')}</p>
      {a.noProgressCount === 0 ? (
        <p data-testid="trace-no-progress-none">{t('traces.noProgress.none')}</p>
      ) : (
        <ul className="hs-trace__still">
          {a.noProgress.map((r) => (
            <li key={r.position} data-testid="trace-no-progress" data-index={r.position - 1}>
              <WithOutside
                text={t('traces.noProgress.row', { n: r.position, of: r.repeats, times: r.times, tool: SLOT })}
                values={[r.tool]}
              />{' '}
              <OutsideText text={r.args} code />
            </li>
          ))}
          {a.noProgressCount > NO_PROGRESS_SHOWN && (
            <li>{t('traces.noProgress.more', { n: formatInt(a.noProgressCount - NO_PROGRESS_SHOWN) })}</li>
          )}
        </ul>
      )}
    </section>
  );
}

/** The three downloads: the whole analysis as JSON, and its two tables as CSV. */
const EXPORTS: readonly { id: ExportKind; file: string }[] = [
  { id: 'json', file: 'analysis.json' },
  { id: 'calls', file: 'calls.csv' },
  { id: 'densities', file: 'densities.csv' },
];

/**
 * JSON of the whole analysis and CSV of its two tables, built where the analysis was made (its
 * Worker: a million rows' CSV took a 1.5 s task on the page) and downloaded from a Blob.
 */
export function TraceExport({ a, source }: { a: OpenAnalysis; source: string }) {
  const t = useT();
  return (
    <section className="hs-trace__block" aria-labelledby="trace-export">
      <h2 id="trace-export">{t('traces.export')}</h2>
      <div className="hs-trace__fields">
        {EXPORTS.map((x) => (
          <button
            key={x.id}
            type="button"
            className="hs-btn"
            data-testid={`trace-export-${x.id}`}
            onClick={() => void a.exported(x.id).then((blob) => download(exportName(source, x.file), blob))}
          >
            {t(`traces.export.${x.id}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
