import { memo, useLayoutEffect, useRef } from 'react';
import { shownView, useSimStore } from '../../store/simStore';
import { openArticle } from '../article/articleOpen';
import { useT } from '../useT';
import { activeLine } from './activeLine';
import { LISTING, SECTION } from './listing';

/** Lines kept visible above the executing one when the box scrolls to it. */
const LEAD_LINES = 3;

/**
 * `code-view` (ui-contract): the article's `step_loop` and `checkpoint`, one `code-line` per line
 * of the listing, the lines the machine is executing marked `data-active="true"` (activeLine.ts)
 * as the shown run moves. The code is the article's, comments in its Chinese; in English each
 * commented line carries its gloss as a title, and the glosses of the executing lines are
 * written under the box. The box scrolls itself (never the page) to keep them in view.
 */
export const CodeView = memo(function CodeView() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const view = useSimStore(shownView);
  const active = activeLine(view);
  const key = active.join(',');
  const box = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !key) return;
    const lines = key.split(',').map(Number);
    const line = (n: number) => el.querySelector<HTMLElement>(`[data-line="${n}"]`);
    const first = line(lines[0]!);
    const last = line(lines.at(-1)!);
    if (!first || !last) return;
    // The whole run of lit lines if it fits, else its last part (a checkpoint's body below its call).
    const top = first.offsetTop;
    const bottom = last.offsetTop + last.offsetHeight;
    const lead = first.offsetHeight * LEAD_LINES;
    if (top >= el.scrollTop && bottom <= el.scrollTop + el.clientHeight) return;
    el.scrollTop = bottom - top + lead <= el.clientHeight ? top - lead : bottom - el.clientHeight;
  }, [key]);
  const on = new Set(active);
  const glosses = lang === 'en' ? LISTING.filter((l) => on.has(l.n) && l.gloss) : [];
  return (
    <section className="hs-code" data-testid="code-view" aria-labelledby="hs-code-title">
      <div className="hs-code__head">
        <h2 id="hs-code-title" className="hs-code__title">
          {t('code.title')}
        </h2>
        <span className="hs-code__source">
          {t('lesson.source')}:{' '}
          <button
            type="button"
            className="hs-link"
            title={t('article.openAt', { section: SECTION })}
            onClick={() => openArticle(SECTION)}
          >
            {SECTION}
          </button>
        </span>
      </div>
      <ol ref={box} className="hs-code__lines" lang="zh" tabIndex={0} aria-label={t('code.title')}>
        {LISTING.map((l) => (
          <li
            key={l.n}
            className="hs-code__line"
            data-testid="code-line"
            data-line={l.n}
            data-active={on.has(l.n) ? 'true' : 'false'}
            aria-current={on.has(l.n) ? 'step' : undefined}
            title={lang === 'en' && l.gloss ? l.gloss : undefined}
          >
            <span className="hs-code__no" aria-hidden="true">
              {l.n}
            </span>
            <code>{l.text}</code>
          </li>
        ))}
      </ol>
      <div className="hs-code__now">
        <p>
          {active.length === 0
            ? t('code.none')
            : t(active.length === 1 ? 'code.now' : 'code.nowMany', { lines: spans(active) })}
        </p>
        {glosses.length > 0 && (
          <ul className="hs-code__glosses" lang="en">
            {glosses.map((l) => (
              <li key={l.n}>
                <span className="hs-code__no">{l.n}</span> {l.gloss}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
});

/** Line numbers as runs: 7, 35–39. */
function spans(lines: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j++;
    out.push(j > i ? `${lines[i]}–${lines[j]}` : String(lines[i]));
    i = j;
  }
  return out.join(', ');
}
