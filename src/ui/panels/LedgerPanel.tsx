import { memo, useRef } from 'react';
import { loopKey, readLoop, type Attempt, type Lang } from '../../engine';
import { formatClock, translate } from '../../i18n';
import { shownView, useSimStore } from '../../store/simStore';
import { useFrameScroll } from '../useFrameScroll';
import { useT } from '../useT';
import { boxClass } from './boxClass';
import { tailStart } from './window';

/** Rows shown: the newest 80 to 119 (a 4,000-step run has thousands); see tailStart. */
const SHOWN = 80;
const TRIM_STEP = 40;

/** One attempt; memoised on the (immutable) attempt, so a tick adds a row and redraws none. */
const LedgerRow = memo(function LedgerRow({ a, inLoop, lang }: { a: Attempt; inLoop: boolean; lang: Lang }) {
  return (
    <tr data-testid="ledger-row" className={`hs-row--${a.outcome}${inLoop ? ' is-loop' : ''}`} data-loop={inLoop ? 'true' : undefined}>
      <td>{a.step}</td>
      <td>{a.attempt}</td>
      <td>
        <code>{a.tool}</code>
      </td>
      <td className="hs-ledger__args">
        <code>{a.args}</code>
      </td>
      <td>{a.outcome}</td>
      <td>{a.error ? `${a.error.type}: ${a.error.message}` : ''}</td>
      <td>{translate(lang, `ledger.actor.${a.actor}`)}</td>
      <td>{formatClock(lang, a.at)}</td>
    </tr>
  );
});

const toBottom = (box: HTMLElement) => {
  box.scrollTop = box.scrollHeight;
};

/** Every attempt; the rows of the current step's loop key highlighted. */
export function LedgerPanel() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const ctx = useSimStore((s) => shownView(s).context);
  const key = readLoop(ctx.ledger, ctx.cursor, ctx.config).key;
  const start = tailStart(ctx.ledger.length, SHOWN, TRIM_STEP);
  const rows = ctx.ledger.slice(start);
  const box = useRef<HTMLDivElement>(null);
  // The newest attempt is at the bottom: follow it.
  useFrameScroll(box, toBottom, ctx.ledger.length);
  return (
    <section className="hs-panel hs-ledger" aria-label={t('panel.ledger')}>
      <h2>{t('panel.ledger')}</h2>
      {start > 0 && <p className="hs-note">{t('ledger.more', { shown: rows.length, total: ctx.ledger.length })}</p>}
      <div className={boxClass('hs-scroll', rows.length)} ref={box} tabIndex={0} role="region" aria-label={t('panel.ledger')}>
        <table data-testid="ledger">
          <thead>
            <tr>
              <th scope="col">{t('ledger.step')}</th>
              <th scope="col">{t('ledger.try')}</th>
              <th scope="col">{t('ledger.tool')}</th>
              <th scope="col">{t('ledger.args')}</th>
              <th scope="col">{t('ledger.outcome')}</th>
              <th scope="col">{t('ledger.error')}</th>
              <th scope="col">{t('ledger.actor')}</th>
              <th scope="col">{t('ledger.time')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a, i) => (
              <LedgerRow
                key={start + i}
                a={a}
                inLoop={key !== null && a.step === ctx.cursor && (a.outcome === 'error' || a.outcome === 'rejected') && loopKey(a) === key}
                lang={lang}
              />
            ))}
          </tbody>
        </table>
        {ctx.ledger.length === 0 && <p className="hs-empty">{t('ledger.empty')}</p>}
      </div>
    </section>
  );
}
