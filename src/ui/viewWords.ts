import { loadViewWords } from '../i18n';
import { useSimStore } from '../store/simStore';

/**
 * A lazily loaded view's chunk, fetched beside the words only such views say (i18n/index.ts,
 * `loadViewWords`: a lesson's captions, the guide, a trace, presenter mode's read-outs), for
 * `lazy()`: the view renders once both are in, so its first render is in the page's language.
 * The first screen never waits for those words (docs/design/speed.md).
 */
export function withViewWords<T>(chunk: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([chunk(), loadViewWords(useSimStore.getState().lang)]).then(([view]) => view);
}
