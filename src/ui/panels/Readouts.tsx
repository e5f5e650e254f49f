import { memo } from 'react';
import { attemptLimit, attemptsAt, loopOf } from '../../engine';
import { shownView, useSimStore } from '../../store/simStore';
import { Icon } from '../icons';
import { useT } from '../useT';

const STAGE_ICON = { none: 'dot', counting: 'count', reminded: 'warn', fused: 'fuse' } as const;

/** Where the run stands: state, step n/N, the loop guard, attempts, approval requests. */
export const Readouts = memo(function Readouts() {
  const t = useT();
  const view = useSimStore(shownView);
  const ctx = view.context;
  const state = view.state;
  const total = ctx.plan.steps.length;
  const step = Math.min(ctx.cursor, total);
  const loop = loopOf(ctx);
  return (
    <section className="hs-readouts" aria-label={t('panel.readouts')}>
      <div className="hs-read">
        <span className="hs-read__label">{t('read.state')}</span>
        <span className={`hs-state-pill hs-state-pill--${state}`}>
          <code data-testid="current-state">{state}</code>
        </span>
      </div>
      <div className="hs-read">
        <span className="hs-read__label">{t('read.step')}</span>
        <span className="hs-read__value">
          <span data-testid="current-step">{step}</span> / <span data-testid="step-total">{total}</span>
        </span>
      </div>
      {view.simple ? (
        // The simple mode has no loop guard and no retry (SPEC §10): nothing to read out.
        <p className="hs-read hs-read__none" data-testid="loop-none">
          {t('simple.noGuard')}
        </p>
      ) : (
        <>
          <div className="hs-read">
            <span className="hs-read__label">{t('read.loop')}</span>
            <span
              className={`hs-read__value hs-stage hs-stage--${loop.stage}`}
              data-testid="loop-stage"
              data-stage={loop.stage}
            >
              <Icon name={STAGE_ICON[loop.stage]} /> {t(`stage.${loop.stage}`)} ·{' '}
              <span data-testid="loop-count">{loop.count}</span>/{loop.fuseAt ?? '∞'}
            </span>
          </div>
          <div className="hs-read">
            <span className="hs-read__label">{t('read.attempts')}</span>
            <span className="hs-read__value">
              {/* No loop guard (the no-fuse design): no attempt limit, so no figure to count up to. */}
              <span data-testid="attempts">{attemptsAt(ctx.ledger, ctx.cursor)}</span>/
              <span data-testid="attempt-limit">{attemptLimit(ctx) ?? '∞'}</span>
            </span>
          </div>
        </>
      )}
      <div className="hs-read">
        <span className="hs-read__label">{t('read.approvals')}</span>
        <span className="hs-read__value" data-testid="approval-requests">
          {ctx.approval.issued}
        </span>
      </div>
      {ctx.ended && (
        <p className={`hs-ended hs-ended--${ctx.ended}`} role="status" data-testid="run-ended" data-reason={ctx.ended}>
          {t('read.ended', { reason: t(`node.reason.${ctx.ended}`) })}
        </p>
      )}
      {view.down && (
        <p className="hs-down" role="status" data-testid="process-down" data-down={view.down}>
          {t(view.down === 'timeout' ? 'read.down.timeout' : 'read.down.crash')}
        </p>
      )}
    </section>
  );
});
