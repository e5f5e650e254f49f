import { useState } from 'react';
import { loadDictionary, nextLang, type Lang } from '../i18n';
import { useSimStore } from '../store/simStore';
import { ChineseName } from './ChineseName';
import { useT } from './useT';

/** Names of a language drawn as outlines, for a machine without its font (the page's own words are text). */
const DRAWN: Partial<Record<Lang, () => React.JSX.Element>> = { zh: ChineseName };

/**
 * The language switch (`btn-lang`), on the simulator's header and on the teacher's guide: the
 * other language's words are a chunk of their own, and the page switches once they are here,
 * keeping `?lang=` in the address so a reload (or a link made from it) keeps the language.
 */
export function LangButton() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const [failed, setFailed] = useState(false);
  // The switch offers the next language of LANGS and names it in its own words (`app.lang`).
  const next = nextLang(lang);
  const Drawn = DRAWN[next];
  return (
    <button
      type="button"
      className="hs-btn"
      data-testid="btn-lang"
      title={t(failed ? 'app.langFailed' : 'app.langLabel')}
      lang={next}
      aria-label={t('app.lang')}
      onClick={() => {
        void loadDictionary(next).then(
          () => {
            setFailed(false);
            useSimStore.getState().setLang(next);
            const url = new URL(window.location.href);
            url.searchParams.set('lang', next);
            window.history.replaceState(null, '', url);
          },
          () => setFailed(true),
        );
      }}
    >
      {Drawn ? <Drawn /> : t('app.lang')}
    </button>
  );
}
