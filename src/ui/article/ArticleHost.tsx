import { Suspense, lazy } from 'react';
import { useT } from '../useT';
import { closeArticle, useArticle } from './articleOpen';

/** The article's text and its drawing are a chunk of their own, fetched the first time it opens. */
const ArticlePanel = lazy(() => import('./ArticlePanel').then((m) => ({ default: m.ArticlePanel })));

/** Where the article opens beside the page: nothing until it is asked for. */
export function ArticleHost() {
  const t = useT();
  const at = useArticle((s) => s.at);
  if (!at) return null;
  return (
    <Suspense
      fallback={
        <aside className="hs-article" role="status">
          {t('article.loading')}
        </aside>
      }
    >
      <ArticlePanel section={at.section} onClose={closeArticle} />
    </Suspense>
  );
}
