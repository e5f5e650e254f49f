import { useSyncExternalStore } from 'react';
import type { ArticleSection } from '../../lessons';

/**
 * Whether the article is open beside the page, and at which section. The page's own view
 * state, like an open dialog (not a run's: the store and its runs know nothing of it), so it
 * lives here, one per page, read through useSyncExternalStore.
 */
export type ArticleAt = { section: ArticleSection | null } | null;

let open: ArticleAt = null;
const listeners = new Set<() => void>();
const set = (next: ArticleAt) => {
  open = next;
  for (const l of listeners) l();
};

/** Opens the article at a cited section (its heading focused), or at its top. */
export const openArticle = (section: ArticleSection | null = null) => set({ section });
export const closeArticle = () => set(null);
/** An open article follows the lesson to the section its new stop cites; a closed one stays closed. */
export const followArticle = (section: ArticleSection) => {
  if (open && open.section !== section) set({ section });
};

export function useArticleOpen(): ArticleAt {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}
