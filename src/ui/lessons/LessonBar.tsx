import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { checkYourTurn, findLesson, playTo, type Lesson, type LessonPosition } from '../../lessons';
import { lessonRunIds } from '../../store/lessonRuns';
import { useSimStore } from '../../store/simStore';
import { predictThenGo, usePredictInLesson } from '../predict/lessonAsk';
import { followArticle, openArticle } from '../article/articleOpen';
import { TurnControl } from '../controls/Controls';
import { setCitedStop } from '../present/cited';
import { useT } from '../useT';
import './lessons.css';

/** Sets `at` (1-based, ui-contract) in the address, so a reload comes back to this stop. */
function remember(at: number) {
  const url = new URL(window.location.href);
  url.searchParams.set('at', String(at + 1));
  window.history.replaceState(null, '', url);
}

/**
 * Stop `k` of `l` replayed from the lesson's start under run ids of its own: once its runs are
 * stored (the lesson's earlier ones replaced), it is the stop shown and its run the page's.
 */
const replay = (l: Lesson, k: number, script = false) => playTo(l, k, { script, runId: lessonRunIds(l.id) });

/**
 * A guided lesson (`?lesson=<id>&at=<n>`, ui-contract "Lessons"): the lesson's run is the page's
 * run, replayed from the lesson's start for each stop (so back is exact) and stored before it is
 * shown (store/lessonRuns.ts), its caption tied to the stop's event, the article section it
 * cites, and the student's turns checked on the live run.
 */
export function LessonBar({ id, at }: { id: string; at: number }) {
  const t = useT();
  const lesson = useMemo(() => findLesson(id) ?? null, [id]);
  // The stop asked for (`wanted`): once its runs are stored, it is the stop shown (`pos`).
  // Mounted once storage has been read (the page's own run stands): the lesson's run then takes the page.
  const [wanted, setWanted] = useState<LessonPosition | null>(() =>
    lesson ? replay(lesson, Math.max(0, at - 1)) : null,
  );
  const [pos, setPos] = useState<LessonPosition | null>(null);
  // The live view: a your-turn is checked against what the student's presses did.
  const view = useSimStore((s) => s.view);
  useEffect(() => {
    if (!wanted || !lesson) return;
    remember(wanted.at);
    let current = true;
    void useSimStore
      .getState()
      .showLesson(lesson.id, wanted)
      .then((shown) => shown && current && setPos(wanted));
    return () => void (current = false);
  }, [wanted, lesson]);
  const go = (l: Lesson, k: number, script = false) => setWanted(replay(l, k, script));
  // Forward to a stop whose move is an injected command asks the student first (predict-then-reveal).
  const forward = (l: Lesson, k: number) => predictThenGo(l, k, () => setWanted(replay(l, k)));
  usePredictInLesson(pos?.at);
  // The stop shown, for presenter mode's read-outs of what its caption cites.
  useEffect(() => setCitedStop(pos ? { lesson: pos.lesson.id, at: pos.at } : null), [pos]);
  useEffect(() => () => setCitedStop(null), []);
  // A presentation remote sends PageDown and PageUp: they step the lesson as next and back do.
  // The handler reads the stop through a ref set before paint: a passive effect would leave the
  // previous handler in place for a moment after the new stop shows, and drop a quick press.
  const latest = useRef({ pos, wanted, lesson });
  useLayoutEffect(() => {
    latest.current = { pos, wanted, lesson };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const { pos, wanted, lesson } = latest.current;
      if (!pos || pos !== wanted || !lesson || (e.key !== 'PageDown' && e.key !== 'PageUp')) return;
      e.preventDefault();
      const stop = lesson.stops[pos.at]!;
      const met = !pos.awaiting || checkYourTurn(lesson, stop, pos.sim).ok;
      const next = pos.at + 1;
      if (e.key === 'PageDown' && met && next < lesson.stops.length)
        predictThenGo(lesson, next, () => setWanted(replay(lesson, next)));
      if (e.key === 'PageUp' && pos.at > 0) setWanted(replay(lesson, pos.at - 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // The article, when open beside the lesson, turns to the section each stop cites.
  const cited = lesson && pos ? lesson.stops[pos.at]?.source : undefined;
  useEffect(() => void (cited && followArticle(cited)), [cited]);

  if (!lesson) {
    return (
      <p className="hs-notice hs-notice--error" data-testid="notice" role="alert">
        {t('lesson.unknown', { id })}
      </p>
    );
  }
  // Until the stop asked for is stored and shown, the one before stays, greyed and inert, and the
  // page's hooks say no stop yet (no `lesson-caption`, no `lesson-your-turn`): what they show is stored.
  const busy = wanted !== pos;
  if (!pos) {
    return (
      <section className="hs-lesson hs-panel" data-testid="lesson" data-lesson={lesson.id} aria-busy="true">
        <p className="hs-lesson__title">{t(lesson.title)}</p>
        <p className="hs-lesson__caption hs-lesson__caption--busy" data-testid="lesson-busy" role="status">
          {t('lesson.writing')}
        </p>
      </section>
    );
  }
  const stop = lesson.stops[pos.at]!;
  const turn = pos.awaiting ? stop.yourTurn : undefined;
  const check = turn && view.context.runId === pos.sim.context.runId ? checkYourTurn(lesson, stop, pos.sim) : null;
  const met = !turn || check?.ok === true;
  const last = pos.at === lesson.stops.length - 1;
  const done = last && met && !busy;

  return (
    <section
      className="hs-lesson hs-panel"
      data-testid="lesson"
      data-lesson={lesson.id}
      aria-label={t(lesson.title)}
      aria-busy={busy}
    >
      <p className="hs-lesson__title">
        {t(lesson.title)} · <span>{t('lesson.stop', { at: pos.at + 1, of: lesson.stops.length })}</span>
      </p>
      {busy ? (
        <p
          className="hs-lesson__caption hs-lesson__caption--busy"
          data-testid="lesson-busy"
          title={t('lesson.writing')}
        >
          {turn && !met ? t(turn.ask) : t(stop.caption)}
        </p>
      ) : turn && !met ? (
        <div
          className="hs-lesson__turn"
          data-testid="lesson-your-turn"
          data-expect={turn.expect}
          data-control={turn.control}
          data-at={pos.at + 1}
          data-of={lesson.stops.length}
          role="status"
        >
          <strong>{t('lesson.yourTurn')}</strong> {t(turn.ask)}
          {check && <span className="hs-lesson__check"> {t(check.reason)}</span>}
          <TurnControl control={turn.control} />
        </div>
      ) : (
        <p
          className="hs-lesson__caption"
          data-testid="lesson-caption"
          data-at={pos.at + 1}
          data-of={lesson.stops.length}
          aria-live="polite"
        >
          {t(stop.caption)}
        </p>
      )}
      {/* The cited section opens the article beside the lesson, at that section (article/). */}
      <p className="hs-lesson__source">
        {t('lesson.source')}:{' '}
        <button
          type="button"
          className="hs-link"
          data-testid="lesson-source"
          title={t('article.openAt', { section: stop.source })}
          onClick={() => openArticle(stop.source)}
        >
          {stop.source}
        </button>
      </p>
      <div className="hs-lesson__nav">
        <button
          type="button"
          className="hs-btn"
          data-testid="btn-lesson-back"
          disabled={busy || pos.at === 0}
          onClick={() => go(lesson, pos.at - 1)}
        >
          {t('lesson.back')}
        </button>
        {turn && !met && (
          <button
            type="button"
            className="hs-btn"
            data-testid="btn-lesson-show"
            disabled={busy}
            onClick={() => go(lesson, pos.at, true)}
          >
            {t('lesson.show')}
          </button>
        )}
        <button
          type="button"
          className="hs-btn hs-btn--primary"
          data-testid="btn-lesson-next"
          disabled={busy || !met || last}
          onClick={() => forward(lesson, pos.at + 1)}
        >
          {t('lesson.next')}
        </button>
        <button
          type="button"
          className="hs-btn"
          data-testid="btn-lesson-restart"
          disabled={busy}
          onClick={() => go(lesson, 0)}
        >
          {t('lesson.restart')}
        </button>
        <a className="hs-btn" data-testid="btn-lesson-exit" href={exitHref()}>
          {t('lesson.exit')}
        </a>
      </div>
      {done && (
        <p className="hs-lesson__done" data-testid="lesson-done" role="status">
          {t('lesson.done')}
        </p>
      )}
    </section>
  );
}

/** The page without the lesson: its own run again. */
function exitHref(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('lesson');
  url.searchParams.delete('at');
  return url.pathname + url.search;
}
