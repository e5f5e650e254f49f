import { useState } from 'react';
import { loadDictionary } from '../i18n';
import { useSimStore } from '../store/simStore';
import { ChineseName } from './ChineseName';
import { useT } from './useT';

/**
 * The language switch (`btn-lang`), on the simulator's header and on the teacher's guide: the
 * other language's words are a chunk of their own, and the page switches once they are here,
 * keeping `?lang=` in the address so a reload (or a link made from it) keeps the language.
 */
export function LangButton() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const [failed, setFailed] = useState(false);
  return (
    <button
      type="button"
      className="hs-btn"
      data-testid="btn-lang"
      title={t(failed ? 'app.langFailed' : 'app.langLabel')}
      lang={lang === 'zh' ? 'en' : 'zh'}
      aria-label={t('app.lang')}
      onClick={() => {
        const next = lang === 'zh' ? 'en' : 'zh';
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
      {lang === 'en' ? <ChineseName /> : t('app.lang')}
    </button>
  );
}
