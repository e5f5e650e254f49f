import { Fragment, memo, useMemo, useRef } from 'react';
import type { Lang, Step, TodoStatus } from '../../engine';
import { translate, type MessageKey } from '../../i18n';
import { shownView, useSimStore } from '../../store/simStore';
import { useFrameScroll } from '../useFrameScroll';
import { useT } from '../useT';
import { boxClass } from './boxClass';
import { snapDown } from './window';

const STATUS_ICON: Record<TodoStatus, string> = { pending: '○', in_progress: '▶', done: '✓', skipped: '⤼' };

/**
 * Plans longer than WINDOW_FROM show a window around the current step (a 4,000-step plan stays
 * quick): at least WINDOW_BEFORE done steps above the current one and WINDOW_AFTER below it. The
 * window moves in jumps of WINDOW_STEP, so most ticks change two rows (done, current) and move none.
 */
const WINDOW_BEFORE = 20;
const WINDOW_AFTER = 60;
const WINDOW_STEP = 20;
const WINDOW_FROM = 120;

interface RowProps {
  step: Step;
  status: TodoStatus;
  current: boolean;
  risky: boolean;
  refText: string | undefined;
  lang: Lang;
}

/** One todo; memoised, so a tick re-renders only the rows whose status changed. */
const TodoRow = memo(function TodoRow({ step, status, current, risky, refText, lang }: RowProps) {
  const label = (key: MessageKey) => translate(lang, key);
  return (
    <li className={`hs-todo hs-todo--${status}${current ? ' is-current' : ''}`} data-testid="todo" data-step={step.n} data-status={status} aria-current={current ? 'step' : undefined}>
      <span className="hs-todo__icon" title={label(`plan.status.${status}`)}>
        {STATUS_ICON[status]}
      </span>
      <span className="hs-todo__n">{step.n}</span>
      <span className="hs-todo__title">{step.title[lang]}</span>
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
      {refText && <code className="hs-todo__ref">{refText}</code>}
    </li>
  );
});

/** Scrolls the list so the current step stands a third of the way down. */
const toCurrent = (box: HTMLElement) => {
  const cur = box.querySelector<HTMLElement>('.is-current');
  if (cur) box.scrollTop = cur.offsetTop - box.offsetTop - box.clientHeight / 3;
};

/** The plan and its todos, grouped by phase; the current step highlighted, refs beside steps. */
export function PlanPanel() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const ctx = useSimStore((s) => shownView(s).context);
  const list = useRef<HTMLOListElement>(null);
  // Keep the current step in view as the run moves (only the list scrolls, not the page).
  useFrameScroll(list, toCurrent, ctx.cursor);
  const refs = useMemo(() => new Map(ctx.refs.map((r) => [r.step, r.from ? `${r.from} → ${r.ref}` : r.ref])), [ctx.refs]);
  const steps = ctx.plan.steps;
  const windowed = steps.length > WINDOW_FROM;
  const lo = windowed ? snapDown(ctx.cursor - 1 - WINDOW_BEFORE, WINDOW_STEP) : 0;
  const hi = windowed ? Math.min(steps.length, lo + WINDOW_BEFORE + WINDOW_STEP + WINDOW_AFTER) : steps.length;
  const groups: { phase: string; steps: Step[] }[] = [];
  for (const step of steps.slice(lo, hi)) {
    const g = groups.at(-1);
    if (g && g.phase === step.phase) g.steps.push(step);
    else groups.push({ phase: step.phase, steps: [step] });
  }
  return (
    <section className="hs-panel hs-plan" aria-label={t('panel.plan')} data-testid="plan">
      <h2>
        {t('panel.plan')}{' '}
        <small>{t('plan.version', { v: Math.max(1, ctx.plan.version), mode: t(`plan.mode.${ctx.plan.mode}`) })}</small>
      </h2>
      {windowed && <p className="hs-note">{t('plan.window', { from: lo + 1, to: hi, total: steps.length })}</p>}
      <ol className={boxClass('hs-plan__list', hi - lo)} ref={list} tabIndex={0} aria-label={t('panel.plan')}>
        {groups.map((g, gi) => (
          <Fragment key={`${g.phase}-${gi}`}>
            <li className="hs-plan__phase" aria-hidden="true">
              {g.phase}
            </li>
            {g.steps.map((step) => (
              <TodoRow
                key={step.n}
                step={step}
                status={ctx.todos[step.n - 1] ?? 'pending'}
                current={step.n === ctx.cursor}
                risky={step.effect === 'risky' || ctx.world.risky.includes(step.n)}
                refText={refs.get(step.n)}
                lang={lang}
              />
            ))}
          </Fragment>
        ))}
      </ol>
    </section>
  );
}
