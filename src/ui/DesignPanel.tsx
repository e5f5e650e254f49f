import { memo } from 'react';
import { formatClock, formatDuration, formatInt } from '../i18n';
import { useSimStore } from '../store/simStore';
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
  const design = useSimStore((s) => s.view.design);
  const simple = useSimStore((s) => s.view.simple);
  const guard = useSimStore((s) => s.view.context.config.guard);
  const fuseAt = useSimStore((s) => s.view.context.config.fuseAt);
  const modelCalls = useSimStore((s) => s.view.modelCalls);
  const rereads = useSimStore((s) => s.view.rereads);
  const heldMs = useSimStore((s) => s.view.heldMs);
  const side = useSimStore((s) => s.view.side);
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
          {design.name[lang]}
          {guard === 'tool-only' && <span className="hs-design__guard"> · {t('design.guard.tool-only')}</span>}
        </strong>
      </p>
      <p className="hs-design__change" title={t('design.change')}>
        {/* The coarse guard replaces the article's "remind before fuse": say what the run does. */}
        {guard === 'tool-only' ? t('design.guard.change', { fuse: fuseAt }) : design.change[lang]}
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
