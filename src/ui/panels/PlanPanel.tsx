import { Fragment, useEffect, useRef } from 'react';
import type { Step, TodoStatus } from '../../engine';
import { shownView, useSimStore } from '../../store/simStore';
import { useT } from '../useT';

const STATUS_ICON: Record<TodoStatus, string> = { pending: '○', in_progress: '▶', done: '✓', skipped: '⤼' };

/** The plan and its todos, grouped by phase; the current step highlighted, refs beside steps. */
export function PlanPanel() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const ctx = useSimStore((s) => shownView(s).context);
  const refs = new Map(ctx.refs.map((r) => [r.step, r]));
  const list = useRef<HTMLOListElement>(null);
  // Keep the current step in view as the run moves (only the list scrolls, not the page).
  useEffect(() => {
    const box = list.current;
    const cur = box?.querySelector<HTMLElement>('.is-current');
    if (box && cur) box.scrollTop = cur.offsetTop - box.offsetTop - box.clientHeight / 3;
  }, [ctx.cursor]);
  const groups: { phase: string; steps: Step[] }[] = [];
  for (const step of ctx.plan.steps) {
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
      <ol className="hs-plan__list" ref={list} tabIndex={0} aria-label={t('panel.plan')}>
        {groups.map((g, gi) => (
          <Fragment key={`${g.phase}-${gi}`}>
            <li className="hs-plan__phase" aria-hidden="true">
              {g.phase}
            </li>
            {g.steps.map((step) => {
              const status = ctx.todos[step.n - 1] ?? 'pending';
              const current = step.n === ctx.cursor;
              const ref = refs.get(step.n);
              const risky = step.effect === 'risky' || ctx.world.risky.includes(step.n);
              return (
                <li
                  key={step.n}
                  className={`hs-todo hs-todo--${status}${current ? ' is-current' : ''}`}
                  data-testid="todo"
                  data-step={step.n}
                  data-status={status}
                  aria-current={current ? 'step' : undefined}
                >
                  <span className="hs-todo__icon" title={t(`plan.status.${status}`)}>
                    {STATUS_ICON[status]}
                  </span>
                  <span className="hs-todo__n">{step.n}</span>
                  <span className="hs-todo__title">{step.title[lang]}</span>
                  {risky && (
                    <span className="hs-tag hs-tag--risky" title={t('plan.risky')}>
                      ⚠ {t('plan.risky')}
                    </span>
                  )}
                  {step.effect === 'side_effect' && (
                    <span className="hs-tag hs-tag--side" title={t('plan.side_effect')}>
                      ↯
                    </span>
                  )}
                  {ref && <code className="hs-todo__ref">{ref.from ? `${ref.from} → ${ref.ref}` : ref.ref}</code>}
                </li>
              );
            })}
          </Fragment>
        ))}
      </ol>
    </section>
  );
}
