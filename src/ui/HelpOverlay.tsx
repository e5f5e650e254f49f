import { useEffect, useRef } from 'react';
import { useSimStore } from '../store/simStore';
import { COMMANDS } from './controls/commands';
import { keyLabel } from './controls/Controls';
import { useOfflineStatus } from './useOfflineStatus';
import { openArticle } from './article/articleOpen';
import { useT } from './useT';

/** The `?` overlay: every keyboard shortcut, whether the page works offline, the article and the teacher's guide. */
export function HelpOverlay() {
  const t = useT();
  const offline = useOfflineStatus();
  const open = useSimStore((s) => s.helpOpen);
  const lang = useSimStore((s) => s.lang);
  const close = () => useSimStore.getState().setHelpOpen(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) button.current?.focus();
  }, [open]);
  if (!open) return null;
  const seen = new Set<string>();
  return (
    <div
      className="hs-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="hs-help-title"
      data-testid="help-overlay"
      onClick={close}
    >
      <div className="hs-overlay__box" onClick={(e) => e.stopPropagation()}>
        <h2 id="hs-help-title">{t('help.title')}</h2>
        <dl>
          {COMMANDS.filter((c) => (seen.has(c.key) ? false : seen.add(c.key))).map((c) => (
            <div key={c.id} className="hs-help__row">
              <dt>
                <kbd>{keyLabel(c.key, t)}</kbd>
              </dt>
              <dd>{c.id === 'play' ? `${t('ctl.play')} / ${t('ctl.pause')}` : t(c.label)}</dd>
            </div>
          ))}
          <div className="hs-help__row">
            <dt>
              <kbd>?</kbd>
            </dt>
            <dd>{t('help.title')}</dd>
          </div>
        </dl>
        <p className="hs-note" data-testid="offline-status" data-status={offline}>
          {t(`offline.${offline}`)}
        </p>
        <a className="hs-btn hs-btn--link" data-testid="link-guide" href={`?guide=1&lang=${lang}`}>
          {t('guide.link')}
        </a>{' '}
        <button
          type="button"
          className="hs-btn"
          data-testid="btn-article"
          onClick={() => {
            close();
            openArticle();
          }}
        >
          {t('article.open')}
        </button>{' '}
        <button ref={button} type="button" className="hs-btn" onClick={close}>
          {t('help.close')}
        </button>
      </div>
    </div>
  );
}
