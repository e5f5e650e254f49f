import { memo } from 'react';
import { formatClock, formatDuration, formatInt } from '../i18n';
import { momentView, useSimStore } from '../store/simStore';
import { ShareLink } from './ShareLink';
import { useT } from './useT';
import './design.css';

/**
 * The run's harness design and what it changes (SPEC §9), the meters every design is compared
 * by, and in the simple mode why four states are enough.
 */
export const DesignPanel = memo(function DesignPanel() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const design = useSimStore((s) => momentView(s).design);
  const simple = useSimStore((s) => momentView(s).simple);
  const guard = useSimStore((s) => momentView(s).context.config.guard);
  const fuseAt = useSimStore((s) => momentView(s).context.config.fuseAt);
  const modelCalls = useSimStore((s) => momentView(s).modelCalls);
  const rereads = useSimStore((s) => momentView(s).rereads);
  const heldMs = useSimStore((s) => momentView(s).heldMs);
  const side = useSimStore((s) => momentView(s).side);
  if (simple) {
    return (
      <section className="hs-panel hs-design" data-testid="simple-mode" aria-label={t('simple.title')}>
        <h2>{t('simple.title')}</h2>
        <p>{t('simple.body')}</p>
      </section>
    );
  }
  return (
    <section className="hs-panel hs-design" aria-label={t('design.label')}>
      <p>
        <span>{t('design.label')}: </span>
        <strong data-testid="design-name" data-design={design.id} data-guard={guard}>
          {t(`design.${design.id}.name`)}
          {guard === 'tool-only' && <span className="hs-design__guard"> · {t('design.guard.tool-only')}</span>}
        </strong>
      </p>
      <p className="hs-design__change" title={t('design.change')}>
        {/* The coarse guard replaces the article's "remind before fuse": say what the run does. */}
        {guard === 'tool-only' ? t('design.guard.change', { fuse: fuseAt }) : t(`design.${design.id}.change`)}
      </p>
      <dl className="hs-design__meters">
        <div>
          <dt>{t('meter.modelCalls')}</dt>
          <dd data-testid="model-calls">{formatInt(modelCalls)}</dd>
        </div>
        <div>
          <dt>{t('meter.rereads')}</dt>
          <dd data-testid="files-reread">{formatInt(rereads)}</dd>
        </div>
        <div>
          <dt>{t('meter.held')}</dt>
          <dd data-testid="process-held" data-ms={heldMs}>
            {formatDuration(lang, heldMs)}
          </dd>
        </div>
        <div>
          <dt>{t('meter.side')}</dt>
          <dd data-testid="side-task" data-done-at={side.doneAt ?? ''}>
            {side.doneAt !== null
              ? t('meter.side.done', { time: formatClock(lang, side.doneAt) })
              : side.queuedAt !== null
                ? t('meter.side.waiting')
                : t('meter.side.none')}
          </dd>
        </div>
      </dl>
      <ShareLink />
    </section>
  );
});
