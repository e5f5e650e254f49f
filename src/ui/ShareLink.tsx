import { memo, useState } from 'react';
import { MAX_LINK_CHARS, packReplay, shareUrl, type ShareState } from '../share';
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

/** What the link opens, said under it: the same moment, or the run's start and why. */
type Made = { link: string; note: 'moment' | 'start' | 'resumed' | 'tooLong' | 'own'; chars?: number };

/**
 * A link to this screen. A lesson or a challenge sets up its own run, so its link names it and
 * its stop. Outside them, the link opens a new run of the same scenario, seed and design, sent
 * the commands that moved this one (`replay`, src/share/replay.ts): it stands at the same state,
 * step and ledger. A run resumed from storage has no such list (its commands were another
 * page's), and one too long for a link is capped: both links open the run's start, and say so.
 */
async function makeLink(): Promise<Made> {
  const base = `${window.location.origin}${window.location.pathname}`;
  const state = screenState();
  if (state.lesson || state.challenge) return { link: shareUrl(base, state), note: 'own' };
  const start = `${shareUrl(base, state)}&run=new`;
  const { sim } = useSimStore.getState();
  const commands = sim.commands;
  if (commands === null) return { link: start, note: 'resumed' };
  if (commands.length === 0) return { link: start, note: 'start' };
  const replay = await packReplay({ config: sim.context.config, commands });
  const link = `${shareUrl(base, { ...state, replay })}&run=new`;
  if (link.length > MAX_LINK_CHARS) return { link: start, note: 'tooLong', chars: link.length };
  return { link, note: 'moment' };
}

/**
 * `btn-share` fills `share-link` with the link and `share-note` with what it opens. It reads the
 * store only when pressed, so the design panel's meters redraw without it.
 */
export const ShareLink = memo(function ShareLink() {
  const t = useT();
  const [made, setMade] = useState<Made | null>(null);
  const make = () => {
    void makeLink().then(setMade);
  };
  return (
    <div className="hs-share">
      <button type="button" className="hs-btn" data-testid="btn-share" onClick={make}>
        {t('share.make')}
      </button>
      <input
        data-testid="share-link"
        readOnly
        value={made?.link ?? ''}
        aria-label={t('share.link')}
        onFocus={(e) => e.currentTarget.select()}
      />
      {made && (
        <p className="hs-share__note" data-testid="share-note" data-note={made.note} role="status">
          {t(`share.note.${made.note}`, { chars: made.chars ?? 0, max: MAX_LINK_CHARS })}
        </p>
      )}
    </div>
  );
});
