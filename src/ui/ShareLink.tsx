import { memo, useState } from 'react';
import { shareUrl, type ShareState } from '../share';
import { useSimStore } from '../store/simStore';
import { useT } from './useT';

/** What reproduces the screen: the run's scenario, seed and design, the lesson and its stop, the language. */
function screenState(): ShareState {
  const s = useSimStore.getState();
  const here = new URLSearchParams(window.location.search);
  const lesson = here.get('lesson');
  const at = Number.parseInt(here.get('at') ?? '', 10);
  const challenge = here.get('challenge');
  return {
    scenario: s.view.scenario.id,
    seed: s.view.context.seed,
    design: s.view.design.id,
    lang: s.lang,
    ...(lesson ? { lesson, ...(Number.isFinite(at) ? { at } : {}) } : {}),
    ...(challenge ? { challenge } : {}),
  };
}

/**
 * `btn-share` fills `share-link` with a link that opens the same screen (a fresh run of it). It
 * reads the store only when pressed, so the design panel's meters redraw without it.
 */
export const ShareLink = memo(function ShareLink() {
  const t = useT();
  const [link, setLink] = useState('');
  const make = () => {
    const base = `${window.location.origin}${window.location.pathname}`;
    const url = shareUrl(base, screenState());
    // Outside a lesson, the run itself starts afresh on the same scenario, seed and design.
    // A lesson or a challenge sets up its own run.
    const own = ['lesson', 'challenge'].some((k) => new URLSearchParams(new URL(url).search).has(k));
    setLink(own ? url : `${url}&run=new`);
  };
  return (
    <div className="hs-share">
      <button type="button" className="hs-btn" data-testid="btn-share" onClick={make}>
        {t('share.make')}
      </button>
      <input
        data-testid="share-link"
        readOnly
        value={link}
        aria-label={t('share.link')}
        onFocus={(e) => e.currentTarget.select()}
      />
    </div>
  );
});
