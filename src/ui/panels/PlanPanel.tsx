import { memo, useCallback, useMemo, useRef } from 'react';
import type { Lang, Step, TodoStatus } from '../../engine';
import { hasWord, translate, type MessageKey } from '../../i18n';
import { shownView, useSimStore } from '../../store/simStore';
import { useFollowScroll } from '../useFollowScroll';
import { useT } from '../useT';
import { boxClass } from './boxClass';
import './lists.css';
import { ItemSpacer } from './Spacer';
import { useListWindow } from './useListWindow';
import { OutsideText } from '../OutsideText';
import { titleText } from '../engineText';

const STATUS_ICON: Record<TodoStatus, string> = { pending: '○', in_progress: '▶', done: '✓', skipped: '⤼' };

/** Estimated heights (px): a todo or a phase heading, the box (16rem). */
const TODO_PX = 16;
const BOX_PX = 256;

/**
 * The list's rows: each phase's heading, then its steps. Row `r` is step `steps[rows[r]]`, or,
 * when `rows[r]` is negative, the heading of the phase of `steps[-rows[r] - 1]` (the step after
 * it); `rowOf[i]` is the row of `steps[i]`. Typed arrays, not an object per row: a plan revised
 * 10,000 times is 30,006 steps under 30,004 headings, and building a row object and a Map entry
 * for each was 26 ms of the opened run's render at 4x CPU (a CPU profile, issue 40).
 */
interface Rows {
  rows: Int32Array;
  rowOf: Int32Array;
}

interface RowProps {
  step: Step;
  status: TodoStatus;
  current: boolean;
  risky: boolean;
  refText: string | undefined;
  lang: Lang;
  /** The row's place in the list and the plan's length, given only while the list is windowed. */
  index: number | undefined;
  total: number;
  measure: ((el: Element | null) => void) | undefined;
}

/** One todo; memoised, so a tick re-renders only the rows whose status changed. */
export const TodoRow = memo(function TodoRow({
  step,
  status,
  current,
  risky,
  refText,
  lang,
  index,
  total,
  measure,
}: RowProps) {
  const label = (key: MessageKey) => translate(lang, key);
  const title = titleText(lang, step.title);
  return (
    <li
      className={`hs-todo hs-todo--${status}${current ? ' is-current' : ''}`}
      data-testid="todo"
      data-step={step.n}
      data-status={status}
      aria-current={current ? 'step' : undefined}
      data-index={index}
      aria-posinset={index === undefined ? undefined : step.n}
      aria-setsize={index === undefined ? undefined : total}
      ref={measure}
    >
      <span className="hs-todo__icon" title={label(`plan.status.${status}`)}>
        {STATUS_ICON[status]}
      </span>
      <span className="hs-todo__n">{step.n}</span>
      <span className="hs-todo__title">{title.ours ? title.text : <OutsideText text={title.text} />}</span>
      {risky && (
        <span className="hs-tag hs-tag--risky" title={label('plan.risky')}>
          ⚠ {label('plan.risky')}
        </span>
      )}
      {step.effect === 'side_effect' && (
        <span className="hs-tag hs-tag--side" title={label('plan.side_effect')}>
          ↯
        </span>
      )}
      {refText && (
        <span className="hs-todo__ref">
          <OutsideText text={refText} code />
        </span>
      )}
    </li>
  );
});

/** The steps with a heading before each run of one phase; and where each step stands in that list. */
export function rowsOf(steps: readonly Step[]): Rows {
  let headings = 0;
  for (let i = 0; i < steps.length; i++) if (i === 0 || steps[i]?.phase !== steps[i - 1]?.phase) headings++;
  const rows = new Int32Array(steps.length + headings);
  const rowOf = new Int32Array(steps.length);
  let r = 0;
  for (let i = 0; i < steps.length; i++) {
    if (i === 0 || steps[i]?.phase !== steps[i - 1]?.phase) rows[r++] = -i - 1;
    rowOf[i] = r;
    rows[r++] = i;
  }
  return { rows, rowOf };
}

/** The index in `steps` of step number `n`: steps are numbered from 1 in order, so `n - 1` (or a search, should they not be). */
const indexOfStep = (steps: readonly Step[], n: number): number =>
  steps[n - 1]?.n === n ? n - 1 : steps.findIndex((s) => s.n === n);

/** The plan and its todos, grouped by phase; the current step highlighted, refs beside steps. */
export function PlanPanel() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const ctx = useSimStore((s) => shownView(s).context);
  const refs = useMemo(
    () => new Map(ctx.refs.map((r) => [r.step, r.from ? `${r.from} → ${r.ref}` : r.ref])),
    [ctx.refs],
  );
  const steps = ctx.plan.steps;
  const { rows, rowOf } = useMemo(() => rowsOf(steps), [steps]);
  const box = useRef<HTMLOListElement>(null);
  const w = useListWindow(box, rows.length, TODO_PX, BOX_PX);
  const { virtualizer, windowed } = w;
  const cursorAt = indexOfStep(steps, ctx.cursor);
  const currentRow = cursorAt === -1 ? undefined : rowOf[cursorAt];
  // Keep the current step a third of the way down as the run moves (only the list scrolls).
  const toCurrent = useCallback(
    (box: HTMLElement) => {
      if (!windowed) {
        const cur = box.querySelector<HTMLElement>('.is-current');
        if (cur) box.scrollTop = cur.offsetTop - box.offsetTop - box.clientHeight / 3;
      } else if (currentRow !== undefined) {
        const at = virtualizer?.measurementsCache[currentRow];
        if (at) box.scrollTop = at.start - box.clientHeight / 3;
      }
    },
    [windowed, currentRow, virtualizer],
  );
  useFollowScroll(box, toCurrent, ctx.cursor, !windowed);
  return (
    <section className="hs-panel hs-plan" aria-label={t('panel.plan')} data-testid="plan">
      <h2>
        {t('panel.plan')}{' '}
        <small data-testid="plan-version" data-version={Math.max(1, ctx.plan.version)}>
          {t('plan.version', { v: Math.max(1, ctx.plan.version), mode: t(`plan.mode.${ctx.plan.mode}`) })}
        </small>
      </h2>
      <ol
        className={boxClass('hs-plan__list', rows.length)}
        ref={box}
        onKeyDown={w.onKeyDown}
        tabIndex={0}
        aria-label={t('panel.plan')}
      >
        <ItemSpacer px={w.before} />
        {w.indexes.map((i) => {
          const r = rows[i] as number;
          if (r < 0) {
            return (
              <li
                key={`phase-${i}`}
                className="hs-plan__phase"
                aria-hidden="true"
                data-index={windowed ? i : undefined}
                ref={w.measure}
              >
                <PhaseName phase={(steps[-r - 1] as Step).phase} lang={lang} />
              </li>
            );
          }
          const step = steps[r] as Step;
          return (
            <TodoRow
              key={step.n}
              step={step}
              status={ctx.todos[step.n - 1] ?? 'pending'}
              current={step.n === ctx.cursor}
              risky={step.effect === 'risky' || ctx.world.risky.includes(step.n)}
              refText={refs.get(step.n)}
              lang={lang}
              index={windowed ? i : undefined}
              total={windowed ? steps.length : 0}
              measure={w.measure}
            />
          );
        })}
        <ItemSpacer px={w.after} />
      </ol>
    </section>
  );
}

/** A phase's heading: the simulator's phases from the dictionaries, another harness's as it wrote it. */
function PhaseName({ phase, lang }: { phase: string; lang: Lang }) {
  const key = `phase.${phase}`;
  return hasWord(lang, key) ? translate(lang, key) : <OutsideText text={phase} />;
}
