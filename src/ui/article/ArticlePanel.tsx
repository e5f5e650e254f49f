import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import article from '../../lessons/__fixtures__/article.txt?raw';
import type { Lang } from '../../i18n';
import type { ArticleSection } from '../../lessons';
import { useSimStore } from '../../store/simStore';
import { useT } from '../useT';
import { findSection, parseArticle, type Block } from './parseArticle';
import './article.css';

/** The article's own language: a page in another one says so above it (`article.note`). */
const ARTICLE_LANG: Lang = 'zh';

/** `**bold**`, the article's one piece of markup. */
function inline(text: string): ReactNode {
  return text.split(/\*\*(.+?)\*\*/g).map((part, i) => (i % 2 ? <strong key={i}>{part}</strong> : part));
}

/**
 * The source article beside the lesson (a side sheet; full screen on a phone), shown as it is
 * written, in Chinese, and scrolled to the cited section with its heading focused and marked.
 * Escape or the close button closes it; PageDown/PageUp scroll it here instead of stepping the
 * lesson.
 */
export function ArticlePanel({ section, onClose }: { section: ArticleSection | null; onClose: () => void }) {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const blocks = useMemo(() => parseArticle(article), []);
  const at = useMemo(() => (section ? findSection(blocks, section) : { heading: -1, part: -1 }), [blocks, section]);
  const body = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(document.activeElement);

  useLayoutEffect(() => {
    const el = body.current?.querySelector<HTMLElement>('[data-cited="heading"]');
    if (el) {
      el.scrollIntoView({ block: 'start' });
      el.focus({ preventScroll: true });
    } else {
      body.current?.scrollTo({ top: 0 });
      close.current?.focus();
    }
  }, [at]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    const back = opener.current;
    return () => {
      window.removeEventListener('keydown', onKey);
      // Focus goes back to what opened the article.
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [onClose]);

  const cited = (k: number) => (k === at.heading ? 'heading' : k === at.part ? 'part' : undefined);
  return (
    <aside
      className="hs-article"
      data-testid="article"
      data-section={section ?? ''}
      role="dialog"
      aria-modal="false"
      aria-labelledby="hs-article-title"
      onKeyDown={(e) => {
        if (e.key === 'PageDown' || e.key === 'PageUp') e.stopPropagation();
      }}
    >
      <div className="hs-article__bar">
        <h2 id="hs-article-title">{t('article.title')}</h2>
        <button
          ref={close}
          type="button"
          className="hs-btn"
          data-testid="btn-article-close"
          onClick={onClose}
          aria-label={t('article.close')}
        >
          ×
        </button>
      </div>
      {lang !== ARTICLE_LANG && (
        <p className="hs-article__note" lang={t('lang.tag')}>
          {t('article.note')}
        </p>
      )}
      <div ref={body} className="hs-article__body" lang="zh-CN" tabIndex={-1}>
        {blocks.map((b, k) => (
          <Fragment key={k}>{draw(b, cited(k))}</Fragment>
        ))}
      </div>
    </aside>
  );
}

function draw(b: Block, cited: 'heading' | 'part' | undefined): ReactNode {
  const mark = cited ? { 'data-cited': cited, className: 'is-cited' } : {};
  switch (b.kind) {
    case 'h1':
      return <h3 className="hs-article__title">{b.text}</h3>;
    case 'h2':
      return (
        <h3 {...mark} tabIndex={cited ? -1 : undefined} data-heading={b.text}>
          {b.text}
        </h3>
      );
    case 'h3':
      return <h4 {...mark}>{b.text}</h4>;
    case 'pre':
      return (
        <pre translate="no">
          <code>{b.text}</code>
        </pre>
      );
    case 'table':
      return (
        <table>
          <thead>
            <tr>
              {b.rows[0]!.map((c) => (
                <th key={c}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {b.rows.slice(1).map((r) => (
              <tr key={r[0]}>
                {r.map((c, i) => (
                  <td key={i}>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'figure':
      return <p className="hs-article__figure">{b.text}</p>;
    default:
      return <p {...mark}>{inline(b.text)}</p>;
  }
}
