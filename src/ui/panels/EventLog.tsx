import { memo } from 'react';
import type { Lang, TransitionRecord } from '../../engine';
import { formatClock } from '../../i18n';
import { shownView, useSimStore } from '../../store/simStore';
import { LOG_SHOWN, LOG_TRIM_STEP } from '../../store/view';
import { useT, type T } from '../useT';
import { boxClass } from './boxClass';
import { tailStart } from './window';

/** The SPEC rule that made a transition happen: the answer to a student's "why?". */
function ruleOf(r: TransitionRecord, t: T, restoredFromCheckpoint: boolean): string {
  if (r.event === 'RESTORE') return t(restoredFromCheckpoint ? 'rule.RESTORE.checkpoint' : 'rule.RESTORE.none');
  if (r.event === 'CANCEL') return t('rule.CANCEL');
  const key = `rule.${r.from}.${r.event}.${r.to}`;
  return t.has(key) ? t(key) : '';
}

/** One line; memoised on the (immutable) record. */
const LogRow = memo(function LogRow({ r, t, lang, checkpointing }: { r: TransitionRecord; t: T; lang: Lang; checkpointing: boolean }) {
  return (
    <li data-testid="log-row">
      <span className="hs-log__time">{formatClock(lang, r.at)}</span> <code>{r.event === 'RESTORE' ? t('log.restore') : r.event}</code>{' '}
      <span className="hs-log__move">
        {r.from} → {r.to}
      </span>
      <span className="hs-log__rule">{ruleOf(r, t, checkpointing)}</span>
    </li>
  );
});

/** Virtual time, event, from → to, and the rule behind each line, newest first. */
export function EventLog() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const view = useSimStore(shownView);
  // view.log holds the newest lines of all view.logLength; its first one is line `kept` of all.
  const kept = view.logLength - view.log.length;
  const rows = view.log.slice(Math.max(0, tailStart(view.logLength, LOG_SHOWN, LOG_TRIM_STEP) - kept)).reverse();
  return (
    <section className="hs-panel hs-log" aria-label={t('panel.log')}>
      <h2>{t('panel.log')}</h2>
      <ol className={boxClass('hs-scroll', rows.length)} data-testid="event-log" tabIndex={0} aria-label={t('panel.log')}>
        {rows.map((r, i) => (
          <LogRow key={view.logLength - i} r={r} t={t} lang={lang} checkpointing={view.checkpointing} />
        ))}
      </ol>
      {rows.length === 0 && <p className="hs-empty">{t('log.empty')}</p>}
    </section>
  );
}
