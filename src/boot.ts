import { loadDictionary, pickLang } from './i18n';
import { useSimStore } from './store/simStore';

/**
 * The page's first act, imported before React and the UI: pick the language, then start
 * reading storage (resume the newest run of the scenario, or create one; `data-ready`
 * follows). Being first, IndexedDB opens while the rest of the script is still being
 * evaluated and the first frame rendered, instead of after them.
 */
const store = useSimStore.getState();
const lang = pickLang(window.location.search, navigator.languages ?? [navigator.language]);
/** The page's words (a chunk a language), fetched beside storage: the first render waits for them. */
export const words = loadDictionary(lang);
store.setLang(lang);
void store.boot(window.location.search).catch((e: unknown) => {
  useSimStore.setState({ ready: true, storage: { status: 'error', message: String(e) } });
});
