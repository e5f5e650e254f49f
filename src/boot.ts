import { lang } from './words';
import { useSimStore } from './store/simStore';

/**
 * The page's second act (after words.ts), imported before React and the UI: set the
 * language, then start reading storage (resume the newest run of the scenario, or create one; `data-ready`
 * follows). Being first, IndexedDB opens while the rest of the script is still being
 * evaluated and the first frame rendered, instead of after them.
 */
const store = useSimStore.getState();
store.setLang(lang);
// A student's phone in a live class (`?class=`) shows the class, not a run: no storage to open.
if (!new URLSearchParams(window.location.search).has('class')) void store.boot(window.location.search);
