import { memo, useLayoutEffect, useRef } from 'react';
import type { Lang } from '../../i18n';
import { shownView, useSimStore } from '../../store/simStore';
import { openArticle } from '../article/articleOpen';
import { useT, type T } from '../useT';
import { stateLabel } from '../diagram/machineGraph';
import { codeStatusOf, listingOf, type CodeStatus, type ListingId } from './codeLine';
import { LISTING, SECTION, lineOf } from './listing';
import { SIMPLE_SECTION } from './simpleListing';

/** The language of the article's code comments; a gloss translates them for every other. */
const CODE_LANG: Lang = 'zh';

/** Lines kept visible above the lit one when the box scrolls to it. */
const LEAD_LINES = 3;

/** The article's line that says cancel is set from outside the loop. */
const CANCEL_NOTE = lineOf('# cancelled', LISTING);

/**
 * `code-view` (ui-contract): the article's `step_loop` and `checkpoint` (or, in the simple mode,
 * a sketch of its four states), one `code-line` per line, and at most one of them lit
 * (`data-active="true"`): the line the move just taken executed (codeLine.ts), read from the
 * same last log line the diagram draws its last edge from, so the two always agree.
 * `data-transition` names that move. The code's comments are in the article's Chinese; in
 * English each commented line carries its gloss as a title, and the lit line's gloss is written
 * under the box. The box scrolls itself (never the page) to keep the lit line in view.
 */
export const CodeView = memo(function CodeView() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const view = useSimStore(shownView);
  const status = codeStatusOf(view);
  const lines = listingOf(status.listing);
  const lit = status.kind === 'line' ? status.line : null;
  const box = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => {
    const el = box.current;
    const line = lit === null ? null : el?.querySelector<HTMLElement>(`[data-line="${lit}"]`);
    if (!el || !line) return;
    const follow = () => {
      const top = line.offsetTop;
      const bottom = top + line.offsetHeight;
      if (top >= el.scrollTop && bottom <= el.scrollTop + el.clientHeight) return;
      // The lead lines above it, as many as fit: a short box still shows the lit line.
      el.scrollTop = top - Math.max(0, Math.min(line.offsetHeight * LEAD_LINES, el.clientHeight - line.offsetHeight));
    };
    follow();
    // The box's height is the layout's (a projector's deck gives it what the caption leaves):
    // when it changes, the lit line is brought back in sight.
    if (typeof ResizeObserver !== 'function') return;
    const watch = new ResizeObserver(follow);
    watch.observe(el);
    return () => watch.disconnect();
  }, [lit, status.listing]);
  const gloss = lang !== CODE_LANG && lit !== null ? (lines[lit - 1]?.gloss ?? null) : null;
  const simple = status.listing === 'simple';
  const section = simple ? SIMPLE_SECTION : SECTION;
  return (
    <section
      className="hs-code"
      data-testid="code-view"
      data-listing={status.listing}
      data-transition={status.kind === 'line' ? status.transition : undefined}
      aria-labelledby="hs-code-title"
    >
      <div className="hs-code__head">
        <h2 id="hs-code-title" className="hs-code__title">
          {t(simple ? 'code.titleSimple' : 'code.title')}
        </h2>
        <span className="hs-code__source">
          {t('lesson.source')}:{' '}
          <button
            type="button"
            className="hs-link"
            title={t('article.openAt', { section })}
            onClick={() => openArticle(section)}
          >
            {section}
          </button>
        </span>
      </div>
      <ol ref={box} className="hs-code__lines" lang="zh" tabIndex={0} aria-label={t('code.title')}>
        {lines.map((l) => (
          <li
            key={`${status.listing}-${l.n}`}
            className="hs-code__line"
            data-testid="code-line"
            data-line={l.n}
            data-active={l.n === lit ? 'true' : 'false'}
            aria-current={l.n === lit ? 'step' : undefined}
            title={lang !== CODE_LANG && l.gloss ? l.gloss : undefined}
          >
            <span className="hs-code__no" aria-hidden="true">
              {l.n}
            </span>
            <code>{l.text}</code>
          </li>
        ))}
      </ol>
      <div className="hs-code__now" data-testid="code-now">
        <p>{sentenceOf(status, t)}</p>
        {status.kind === 'line' && status.note && <p className="hs-code__aside">{t(status.note)}</p>}
        {status.kind === 'line' && status.wrote > 0 && !lines[status.line - 1]?.text.includes('checkpoint(task)') && (
          <p className="hs-code__aside">{t('code.wroteUnlisted', { n: status.wrote })}</p>
        )}
        {gloss !== null && lit !== null && (
          <p className="hs-code__gloss" lang="en">
            <span className="hs-code__no">{lit}</span> {gloss}
          </p>
        )}
      </div>
    </section>
  );
});

/** A move as a person reads it, in the diagram's words: `awaiting approval → running (APPROVE)`. */
const moveOf = (s: { transition: string; listing: ListingId }, t: T): string => {
  const [from = '', event = '', to = ''] = s.transition.split('.');
  const simple = { simple: s.listing === 'simple' };
  return t('code.move', { from: stateLabel(simple, from, t), to: stateLabel(simple, to, t), event });
};

/** What the view says under the box: the lit line and the move that ran it, or why no line is lit. */
function sentenceOf(s: CodeStatus, t: T): string {
  switch (s.kind) {
    case 'line':
      return t('code.now', { line: s.line, move: moveOf(s, t) });
    case 'down':
      return t('code.none');
    case 'yet':
      return t('code.yet');
    case 'restarted':
      return t('code.restarted');
    case 'unlisted':
      return s.event === 'CANCEL'
        ? t('code.cancel', { line: CANCEL_NOTE })
        : t('code.unlisted', { move: moveOf(s, t) });
  }
}
