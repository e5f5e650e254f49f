import { memo, useRef } from 'react';
import type { Lang, TransitionRecord } from '../../engine';
import { formatClock } from '../../i18n';
import { shownView, useSimStore, type Store } from '../../store/simStore';
import { useT, type T } from '../useT';
import { boxClass } from './boxClass';
import './lists.css';
import { ItemSpacer } from './Spacer';
import { useListWindow } from './useListWindow';

/** Estimated heights (px): a line (time, event, move, then the rule below), the box (14rem). */
const LINE_PX = 28;
const BOX_PX = 224;

/** The SPEC rule that made a transition happen: the answer to a student's "why?". */
function ruleOf(r: TransitionRecord, t: T, restoredFromCheckpoint: boolean): string {
  if (r.event === 'RESTORE') return t(restoredFromCheckpoint ? 'rule.RESTORE.checkpoint' : 'rule.RESTORE.none');
  if (r.event === 'CANCEL') return t('rule.CANCEL');
  const key = `rule.${r.from}.${r.event}.${r.to}`;
  return t.has(key) ? t(key) : '';
}

/**
 * Every line the page may show. The view keeps only the newest lines; the Sim keeps them all, and
 * its first `logLength` lines are the ones the view published (the same records), so they are
 * read from there: no line past what is durable is shown. A preview, or a view of another Sim,
 * shows the lines it has.
 */
function linesOf(s: Store): { lines: readonly TransitionRecord[]; first: number } {
  const view = shownView(s);
  const all = s.sim.log;
  const same = view === s.view && all.length >= view.logLength && all[view.logLength - 1] === view.log.at(-1);
  return same ? { lines: all, first: 0 } : { lines: view.log, first: view.logLength - view.log.length };
}

interface RowProps {
  r: TransitionRecord;
  /** The row's place in the list, given only while the list is windowed (see useListWindow). */
  index: number | undefined;
  count: number;
  t: T;
  lang: Lang;
  checkpointing: boolean;
  measure: ((el: Element | null) => void) | undefined;
}

/**
 * One line; memoised on the (immutable) record. Newest first, so every line's place moves on each
 * tick: only the item's position attributes change, its text (LogText) is not drawn again.
 */
const LogRow = memo(function LogRow({ r, index, count, t, lang, checkpointing, measure }: RowProps) {
  return (
    <li
      data-testid="log-row"
      data-index={index}
      aria-posinset={index === undefined ? undefined : index + 1}
      aria-setsize={index === undefined ? undefined : count}
      ref={measure}
    >
      <LogText r={r} t={t} lang={lang} checkpointing={checkpointing} />
    </li>
  );
});

const LogText = memo(function LogText({
  r,
  t,
  lang,
  checkpointing,
}: Pick<RowProps, 'r' | 't' | 'lang' | 'checkpointing'>) {
  return (
    <>
      <span className="hs-log__time">{formatClock(lang, r.at)}</span>{' '}
      <code>{r.event === 'RESTORE' ? t('log.restore') : r.event}</code>{' '}
      <span className="hs-log__move">
        {r.from} → {r.to}
      </span>
      <span className="hs-log__rule">{ruleOf(r, t, checkpointing)}</span>
    </>
  );
});

/** Virtual time, event, from → to, and the rule behind each line, newest first. */
export function EventLog() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const view = useSimStore(shownView);
  const { lines, first } = linesOf(useSimStore.getState());
  const count = view.logLength - first;
  const box = useRef<HTMLOListElement>(null);
  const w = useListWindow(box, count, LINE_PX, BOX_PX);
  return (
    <section className="hs-panel hs-log" aria-label={t('panel.log')}>
      <h2>{t('panel.log')}</h2>
      <ol
        className={boxClass('hs-scroll', count)}
        data-testid="event-log"
        tabIndex={0}
        aria-label={t('panel.log')}
        ref={box}
        onKeyDown={w.onKeyDown}
      >
        <ItemSpacer px={w.before} />
        {w.indexes.map((i) => {
          // Newest first: the i-th line shown is line `logLength - 1 - i` of the run.
          const at = view.logLength - 1 - i;
          const r = lines[at - first] as TransitionRecord;
          return (
            <LogRow
              key={at}
              r={r}
              index={w.windowed ? i : undefined}
              count={w.windowed ? count : 0}
              t={t}
              lang={lang}
              checkpointing={view.checkpointing}
              measure={w.measure}
            />
          );
        })}
        <ItemSpacer px={w.after} />
      </ol>
      {count === 0 && <p className="hs-empty">{t('log.empty')}</p>}
    </section>
  );
}
