import { memo, useCallback, useRef, type UIEvent } from 'react';
import { loopKey, readLoop, type Attempt, type Lang } from '../../engine';
import { formatClock, translate } from '../../i18n';
import { shownView, useSimStore } from '../../store/simStore';
import { useFollowScroll } from '../useFollowScroll';
import { useT } from '../useT';
import { boxClass } from './boxClass';
import './lists.css';
import { RowSpacer } from './Spacer';
import { shownOutcome } from './ledgerOutcome';
import { useListWindow } from './useListWindow';

/** Estimated heights (px): a row (its args wrap to two or three lines), the sticky header, the box (14rem). */
const ROW_PX = 44;
const HEAD_PX = 16;
const BOX_PX = 224;
const COLUMNS = ['step', 'try', 'tool', 'args', 'outcome', 'error', 'actor', 'time'] as const;

interface RowProps {
  a: Attempt;
  index: number;
  inLoop: boolean;
  lang: Lang;
  measure: ((el: Element | null) => void) | undefined;
}

/** One attempt; memoised on the (immutable) attempt, so a tick adds a row and redraws none. */
const LedgerRow = memo(function LedgerRow({ a, index, inLoop, lang, measure }: RowProps) {
  return (
    <tr
      data-testid="ledger-row"
      data-step={a.step}
      data-tool={a.tool}
      data-args={a.args}
      data-outcome={shownOutcome(a)}
      className={`hs-row--${a.outcome}${inLoop ? ' is-loop' : ''}`}
      data-loop={inLoop ? 'true' : undefined}
      data-index={index}
      aria-rowindex={index + 2}
      ref={measure}
    >
      <td>{a.step}</td>
      <td>{a.attempt}</td>
      <td>
        <code>{a.tool}</code>
      </td>
      <td className="hs-ledger__args">
        <code>{a.args}</code>
      </td>
      <td>{shownOutcome(a)}</td>
      <td>{a.error ? `${a.error.type}: ${a.error.message}` : ''}</td>
      <td>{translate(lang, `ledger.actor.${a.actor}`)}</td>
      <td>{formatClock(lang, a.at)}</td>
    </tr>
  );
});

/** Every attempt; the rows of the current step's loop key highlighted. */
export function LedgerPanel() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const ctx = useSimStore((s) => shownView(s).context);
  const simple = useSimStore((s) => shownView(s).simple);
  const key = readLoop(ctx.ledger, ctx.cursor, ctx.config).key;
  const count = ctx.ledger.length;
  const box = useRef<HTMLDivElement>(null);
  const w = useListWindow(box, count, ROW_PX, BOX_PX, HEAD_PX);
  // The newest attempt is at the bottom: follow it, unless the student has scrolled up to read.
  // Only a scroll the student makes (wheel, keys, pointer) decides that: during fast-forward
  // rows arrive between the page's own scroll and its event, which would read as "scrolled up".
  const atEnd = useRef(true);
  const byStudent = useRef(false);
  const onScroll = useCallback((e: UIEvent<HTMLDivElement>) => {
    if (!byStudent.current) return;
    const box = e.currentTarget;
    atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < 2 * ROW_PX;
  }, []);
  const onInput = useCallback(() => {
    byStudent.current = true;
  }, []);
  const { windowed, virtualizer } = w;
  const toBottom = useCallback(
    (box: HTMLElement) => {
      if (!atEnd.current) return;
      byStudent.current = false;
      // A windowed ledger's height grows as its newest rows are measured: the virtualizer follows that.
      if (windowed) virtualizer?.scrollToIndex(count - 1, { align: 'end' });
      else box.scrollTop = box.scrollHeight;
    },
    [windowed, virtualizer, count],
  );
  useFollowScroll(box, toBottom, count, !windowed);
  return (
    <section className="hs-panel hs-ledger" aria-label={t('panel.ledger')}>
      <h2>{t('panel.ledger')}</h2>
      <div
        className={boxClass('hs-scroll', count)}
        ref={box}
        tabIndex={0}
        role="region"
        aria-label={t('panel.ledger')}
        onScroll={onScroll}
        onWheel={onInput}
        onPointerDown={onInput}
        onTouchMove={onInput}
        onKeyDown={(e) => {
          onInput();
          w.onKeyDown?.(e);
        }}
      >
        <table data-testid="ledger" className="hs-ledger__table" aria-rowcount={count + 1}>
          <colgroup>
            {COLUMNS.map((c) => (
              <col key={c} className={`hs-ledger__col--${c}`} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {COLUMNS.map((c) => (
                <th scope="col" key={c}>
                  {t(`ledger.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <RowSpacer px={w.before} columns={COLUMNS.length} />
            {w.indexes.map((i) => {
              const a = ctx.ledger[i] as Attempt;
              const inLoop =
                key !== null &&
                a.step === ctx.cursor &&
                (a.outcome === 'error' || a.outcome === 'rejected') &&
                loopKey(a, ctx.config.guard) === key;
              return <LedgerRow key={i} a={a} index={i} inLoop={inLoop} lang={lang} measure={w.measure} />;
            })}
            <RowSpacer px={w.after} columns={COLUMNS.length} />
          </tbody>
        </table>
        {count === 0 && (
          <p className="hs-empty" data-testid={simple ? 'ledger-none' : undefined}>
            {t(simple ? 'simple.noLedger' : 'ledger.empty')}
          </p>
        )}
      </div>
    </section>
  );
}
