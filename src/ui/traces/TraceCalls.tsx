import { memo, useMemo, useRef, useState } from 'react';
import { formatInt } from '../../i18n';
import { DEFAULT_EVERY_N, POLICIES, lostBefore, type Analysis, type CallRow, type DensityPolicy } from '../../traces';
import { RowSpacer } from '../panels/Spacer';
import { useListWindow } from '../panels/useListWindow';
import type { T } from '../useT';
import { useT } from '../useT';
import { policyWords, stageWords } from './words';
import { OutsideText } from '../OutsideText';
import { visibleText } from '../outsideText';

/** Estimated heights (px): a row (args wrap to two lines), the sticky header, the box (28rem). */
const ROW_PX = 40;
const HEAD_PX = 28;
const BOX_PX = 448;
const COLUMNS = ['n', 'tool', 'args', 'outcome', 'tokens', 'stage', 'lost'] as const;

interface RowProps {
  r: CallRow;
  remind: boolean;
  fuse: boolean;
  noProgress: boolean;
  /** Calls a crash just before this one would lose under the chosen density. */
  lost: number;
  t: T;
  measure: ((el: Element | null) => void) | undefined;
}

/** One call; its marks (first reminder, fuse point, after the fuse, no progress, key action) in words, not colour alone. */
const CallRowView = memo(function CallRowView({ r, remind, fuse, noProgress, lost, t, measure }: RowProps) {
  const marks = [
    remind && t('traces.mark.remind'),
    fuse && t('traces.mark.fuse'),
    r.afterFuse && t('traces.mark.after'),
    noProgress && t('traces.mark.noProgress'),
    r.keyAction && t('traces.mark.key'),
  ].filter((m): m is string => typeof m === 'string');
  const cls = [
    r.ok ? 'is-ok' : 'is-error',
    remind && 'is-remind',
    fuse && 'is-fuse',
    r.afterFuse && 'is-after',
    noProgress && 'is-still',
  ].filter(Boolean);
  return (
    <tr
      data-testid="trace-row"
      data-index={r.position - 1}
      data-tool={visibleText(r.tool)}
      data-ok={r.ok ? 'true' : 'false'}
      data-stage={r.stage}
      data-mark={fuse ? 'fuse' : remind ? 'remind' : undefined}
      data-no-progress={noProgress ? 'true' : undefined}
      data-lost={lost}
      className={cls.join(' ')}
      aria-rowindex={r.position + 1}
      ref={measure}
    >
      <td>{r.position}</td>
      <td>
        <OutsideText text={r.tool} code />
      </td>
      <td className="hs-trace__args">
        <OutsideText text={r.args} code />
      </td>
      <td>{r.ok ? t('traces.ok') : <OutsideText text={r.errorType ?? ''} code />}</td>
      <td className="hs-trace__num">{formatInt(r.tokens)}</td>
      <td>
        {stageWords(t, r.stage, r.count)}
        {marks.map((m) => (
          <span key={m} className="hs-trace__mark">
            {m}
          </span>
        ))}
      </td>
      <td className="hs-trace__num">{formatInt(lost)}</td>
    </tr>
  );
});

/** Every call in order, windowed past a hundred (useListWindow): a real trace can hold thousands. */
export function TraceCalls({ a }: { a: Analysis }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const count = a.rows.length;
  const w = useListWindow(box, count, ROW_PX, BOX_PX, HEAD_PX);
  const still = new Set(a.noProgress.map((p) => p.position));
  const [policy, setPolicy] = useState<DensityPolicy>('every-n');
  const everyN = a.densities.find((d) => d.policy === 'every-n')?.n ?? DEFAULT_EVERY_N;
  const lost = useMemo(
    () =>
      lostBefore(
        policy,
        a.rows.map((r) => r.keyAction),
        everyN,
      ),
    [a, policy, everyN],
  );
  return (
    // Not a landmark itself: its scrolling box is, under the same name.
    <section className="hs-trace__block">
      <h2 id="trace-calls-head">{t('traces.calls')}</h2>
      <label className="hs-field hs-trace__crash">
        <span>{t('traces.crashUnder')}</span>
        <select
          data-testid="trace-crash-policy"
          value={policy}
          onChange={(e) => setPolicy(e.target.value as DensityPolicy)}
        >
          {POLICIES.map((p) => (
            <option key={p} value={p}>
              {policyWords(t, { policy: p, n: everyN })}
            </option>
          ))}
        </select>
      </label>
      <div
        className="hs-trace__scroll"
        ref={box}
        tabIndex={0}
        role="region"
        aria-labelledby="trace-calls-head"
        onKeyDown={w.onKeyDown}
      >
        <table className="hs-trace__calls" data-testid="trace-table" aria-rowcount={count + 1}>
          <thead>
            <tr aria-rowindex={1}>
              {COLUMNS.map((c) => (
                <th scope="col" key={c} className={c === 'tokens' || c === 'lost' ? 'hs-trace__num' : undefined}>
                  {t(`traces.col.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <RowSpacer px={w.before} columns={COLUMNS.length} />
            {w.indexes.map((i) => {
              const r = a.rows[i] as CallRow;
              return (
                <CallRowView
                  key={i}
                  r={r}
                  remind={r.position === a.remindAt}
                  fuse={r.position === a.fuseAt}
                  noProgress={still.has(r.position)}
                  lost={lost[i] ?? 0}
                  t={t}
                  measure={w.measure}
                />
              );
            })}
            <RowSpacer px={w.after} columns={COLUMNS.length} />
          </tbody>
        </table>
      </div>
    </section>
  );
}
