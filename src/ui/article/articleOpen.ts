import { create } from 'zustand';
import type { ArticleSection } from '../../lessons';

/**
 * Whether the article is open beside the page, and at which section. The page's own view
 * state, like an open dialog (not a run's: the run store knows nothing of it), so it is a
 * store of its own, one per page, read as any store is: `useArticle((s) => s.at)`.
 */
type ArticleAt = { section: ArticleSection | null } | null;

export const useArticle = create<{ at: ArticleAt }>()(() => ({ at: null }));

/** Opens the article at a cited section (its heading focused), or at its top. */
export const openArticle = (section: ArticleSection | null = null) => useArticle.setState({ at: { section } });
export const closeArticle = () => useArticle.setState({ at: null });
/** An open article follows the lesson to the section its new stop cites; a closed one stays closed. */
export const followArticle = (section: ArticleSection) => {
  const { at } = useArticle.getState();
  if (at && at.section !== section) useArticle.setState({ at: { section } });
};
