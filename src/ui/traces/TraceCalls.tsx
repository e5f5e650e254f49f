import { memo, useEffect, useRef, useState } from 'react';
import { formatInt } from '../../i18n';
import { DEFAULT_EVERY_N, POLICIES, type CallRow, type DensityPolicy, type RowsWindow } from '../../traces';
import type { OpenAnalysis } from './openTrace';
import { RowSpacer } from '../panels/Spacer';
import { useListWindow } from '../panels/useListWindow';
import type { T } from '../useT';
import { useT } from '../useT';
import { policyWords, stageWords } from './words';
import { OutsideText } from '../OutsideText';
import { SelectField } from '../SelectField';
import { visibleText } from '../../share/visibleText';

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
export const CallRowView = memo(function CallRowView({ r, remind, fuse, noProgress, lost, t, measure }: RowProps) {
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

/**
 * The table shows the calls a page of this many at a time: the list window's measurements are
 * linear in the rows it holds (a 461,000-call trace re-measured in 280 ms tasks at 4× CPU).
 */
const PAGE_ROWS = 10_000;

/** Rows are asked for in blocks of this many (the table draws a few dozen at a time). */
const BLOCK = 200;

/**
 * The rows of `a` the table draws, asked for a block at a time (the analysis stays in its
 * Worker: traces/window.ts); a block not yet here is drawn as a pending row. Blocks are kept per
 * analysis and policy, and asked again when either changes.
 */
function useRowBlocks(a: OpenAnalysis, policy: DensityPolicy, indexes: readonly number[]) {
  const [blocks, setBlocks] = useState<{ key: unknown[]; got: Map<number, RowsWindow> }>({ key: [], got: new Map() });
  const current = blocks.key[0] === a && blocks.key[1] === policy ? blocks.got : null;
  const asked = useRef(new Set<string>());
  const wanted = [...new Set(indexes.map((i) => Math.floor(i / BLOCK)))];
  const missing = wanted.filter((b) => !current?.has(b)).join(',');
  useEffect(() => {
    if (missing === '') return;
    let live = true;
    const pending = asked.current;
    for (const b of missing.split(',').map(Number)) {
      const tag = `${b}`;
      if (pending.has(tag)) continue;
      pending.add(tag);
      a.rows(b * BLOCK, (b + 1) * BLOCK, policy).then(
        (win) => {
          pending.delete(tag);
          if (!live) return;
          setBlocks((prev) => {
            const same = prev.key[0] === a && prev.key[1] === policy;
            const got = new Map(same ? prev.got : []);
            got.set(b, win);
            return { key: [a, policy], got };
          });
        },
        () => pending.delete(tag),
      );
    }
    return () => {
      live = false;
      pending.clear();
    };
  }, [a, policy, missing]);
  return (i: number) => {
    const win = current?.get(Math.floor(i / BLOCK));
    const k = win ? i - win.from : -1;
    return win && k >= 0 && k < win.rows.length
      ? { row: win.rows[k]!, lost: win.lost[k] ?? 0, still: win.still[k] ?? false }
      : null;
  };
}

/**
 * Every call in order, windowed past a hundred (useListWindow): a real trace can hold millions,
 * and only the rows drawn are asked of the analysis (useRowBlocks).
 */
export function TraceCalls({ a }: { a: OpenAnalysis }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const head = a.head;
  const count = head.rowCount;
  const pages = Math.max(1, Math.ceil(count / PAGE_ROWS));
  const [asked, setPage] = useState(0);
  const page = Math.min(asked, pages - 1);
  const first = page * PAGE_ROWS;
  const onPage = Math.min(PAGE_ROWS, count - first);
  const w = useListWindow(box, onPage, ROW_PX, BOX_PX, HEAD_PX);
  const indexes = w.indexes.map((i) => first + i);
  const [policy, setPolicy] = useState<DensityPolicy>('every-n');
  const everyN = head.densities.find((d) => d.policy === 'every-n')?.n ?? DEFAULT_EVERY_N;
  const rowAt = useRowBlocks(a, policy, indexes);
  const turn = (to: number) => {
    setPage(to);
    box.current?.scrollTo({ top: 0 });
  };
  return (
    // Not a landmark itself: its scrolling box is, under the same name.
    <section className="hs-trace__block">
      <h2 id="trace-calls-head">{t('traces.calls')}</h2>
      <SelectField
        className="hs-trace__crash"
        label={t('traces.crashUnder')}
        testId="trace-crash-policy"
        value={policy}
        options={POLICIES}
        name={(p) => policyWords(t, { policy: p, n: everyN })}
        onChange={setPolicy}
      />
      {pages > 1 && (
        <p className="hs-trace__fields hs-trace__pages" data-testid="trace-page">
          <button type="button" className="hs-btn" disabled={page === 0} onClick={() => turn(page - 1)}>
            {t('traces.page.prev')}
          </button>
          <span>
            {t('traces.page', {
              from: formatInt(first + 1),
              to: formatInt(first + onPage),
              n: formatInt(count),
            })}
          </span>
          <button type="button" className="hs-btn" disabled={page === pages - 1} onClick={() => turn(page + 1)}>
            {t('traces.page.next')}
          </button>
        </p>
      )}
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
            {indexes.map((i) => {
              const got = rowAt(i);
              if (!got)
                return (
                  <tr key={i} className="hs-trace__pending" aria-busy="true" aria-rowindex={i + 2} ref={w.measure}>
                    <td>{i + 1}</td>
                    <td colSpan={COLUMNS.length - 1}>…</td>
                  </tr>
                );
              const r = got.row;
              return (
                <CallRowView
                  key={i}
                  r={r}
                  remind={r.position === head.remindAt}
                  fuse={r.position === head.fuseAt}
                  noProgress={got.still}
                  lost={got.lost}
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
