import { memo, useEffect, useMemo, useReducer, useRef, useState, type CSSProperties } from 'react';
import type { Lang, TimelineEvent, TimelineOrigin } from '../../engine';
import { formatClock } from '../../i18n';
import { seekShown, timelineOf, useSimStore } from '../../store/simStore';
import { isPlaying } from '../../store/player';
import type { StopOnRun } from '../../lessons/types';
import type { Seek } from '../../store/types';
import type { SimView } from '../../store/view';
import { useT, type T } from '../useT';
import { marksOf, type TrackMark } from './marks';

/**
 * Words for where the timeline stands: after event `index`, or at its beginning (-1), read off
 * the events themselves (a drag's words follow the thumb before the seek lands).
 */
function positionWords(
  t: T,
  lang: Lang,
  tl: { index: number; events: readonly TimelineEvent[]; origin: TimelineOrigin },
  live: SimView,
) {
  const { index, events, origin } = tl;
  const total = events.length;
  const event = events[index] ?? null;
  const first = events[0];
  // A run resumed from storage begins at the checkpoint it read: what came before is in the history.
  const start = origin.kind === 'resumed' ? t('tl.beginResumed', { seq: origin.checkpoint.seq }) : t('tl.begin');
  const what = event ? t(`tl.move.${event.move.type}`) : start;
  const step = event ? event.step : (first?.stepBefore ?? live.context.cursor);
  const clock = event ? event.clock : (first?.clockBefore ?? live.clock);
  const params = { n: index + 1, total, what, step, clock: formatClock(lang, clock) };
  const begin = index < 0;
  return {
    text: t(begin ? 'tl.positionStart' : 'tl.position', params),
    valueText: t(begin ? 'tl.valueTextStart' : 'tl.valueText', params),
  };
}

/** The track's marks: drawn over the slider, beside the point; the slider's words say where it stands. */
const Marks = memo(function Marks({ marks, t }: { marks: readonly TrackMark[]; t: T }) {
  return (
    <div className="hs-timeline__marks" aria-hidden="true">
      {marks.map((m) => (
        <span
          key={`${m.kind}-${m.event}-${m.detail}`}
          className="hs-timeline__mark"
          data-testid="timeline-mark"
          data-kind={m.kind}
          data-mark={m.detail}
          data-event={m.event}
          title={t(`tl.kind.${m.kind}`)}
          style={{ '--at': m.at } as CSSProperties}
        />
      ))}
    </div>
  );
});

/** The lesson stop the moment shown is (the last stop that ended at this event), if any. */
const stopAt = (stops: readonly StopOnRun[], index: number) => stops.findLast((s) => s.event === index);

/** What a seek adds below the track: the stop's caption again, the offer to fork, where a fork starts. */
function SeekNotes({ seek, stop, t }: { seek: Seek; stop: StopOnRun | undefined; t: T }) {
  const fork = seek.fork;
  return (
    <div className="hs-timeline__notes">
      {stop && (
        <p className="hs-timeline__caption" data-testid="timeline-caption" data-at={stop.at + 1}>
          <strong>{t('tl.stop', { at: stop.at + 1 })}</strong> {t(stop.caption)}
        </p>
      )}
      {seek.offered && (
        <p className="hs-timeline__offer" data-testid="timeline-offer" role="alert">
          {fork ? t('tl.offer', { seq: fork.seq }) : t('tl.offerNoFork')}
        </p>
      )}
      <p className="hs-timeline__fork" data-testid="timeline-fork-note">
        {fork ? t('tl.forkFrom', { seq: fork.seq, step: fork.step, trigger: fork.trigger }) : t('tl.noFork')}
      </p>
    </div>
  );
}

/** Waits for the browser to be idle (Safari has no requestIdleCallback: a plain task there). */
const whenIdle = (fn: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 500 }) : setTimeout(fn, 0);

/** How long one render of the track may spend catching up with the run (one slice, ms). */
const CATCH_UP_MS = 8;

/**
 * One slice of catching up: whatever the clock says, the timeline only ever extends towards the
 * run's moves, so a render that reads it again sees the same events or more (as `events` did).
 */
function catchUpSlice(tl: ReturnType<typeof timelineOf>): boolean {
  const deadline = performance.now() + CATCH_UP_MS;
  return tl.syncWhile(() => performance.now() < deadline);
}

/**
 * The live run's view, caught up with a little after it changes while the run plays, when the
 * page is idle: the track is not what a tick must draw in its own frame (the tick-to-screen figure, speed.md), and
 * catching up replays the new events once for the lot. A seek or another run redraws at once.
 */
function useLiveViewLater(): SimView {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    let due = false;
    let timer = 0;
    const unsubscribe = useSimStore.subscribe((s, prev) => {
      if (s.view === prev.view || due) return;
      // A press (the run not playing) is drawn at once: the track is never a move behind a
      // student who goes on to drag it.
      if (!isPlaying(s.player.getSnapshot())) {
        bump();
        return;
      }
      due = true;
      timer = window.setTimeout(
        () =>
          whenIdle(() => {
            due = false;
            bump();
          }),
        150,
      );
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, []);
  return useSimStore.getState().view;
}

/**
 * The timeline of the page's run (issue 41; ui-contract "Timeline"): one position per event the
 * run has taken, its checkpoints, failures, approvals, crashes and a lesson's stops marked.
 * Moving it shows that moment everywhere the page draws the run (store/seek.ts); Live shows the
 * live run again, and "Fork from here" branches from the nearest checkpoint at or before it.
 * Its styles (timeline.css) load with App.tsx: index.html draws its box before this loads.
 */
export const Timeline = memo(function Timeline() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const sim = useSimStore((s) => s.sim);
  // Redrawn as the live run goes on (a new event is a new position), a little later.
  const view = useLiveViewLater();
  const seek = useSimStore(seekShown);
  const follower = useSimStore((s) => s.role === 'follower');
  const lessonStops = useSimStore((s) => s.lessonStops);
  const stops = lessonStops && lessonStops.sim === sim ? lessonStops.stops : null;
  const tl = timelineOf(sim);
  // A long run (a shared link's thousands of commands) is caught up a slice at a time: the track
  // grows over a few frames instead of holding the page in one long task.
  const caughtUp = catchUpSlice(tl);
  const events = tl.taken;
  const count = events.length;
  const [, more] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (caughtUp) return;
    const id = setTimeout(more, 0);
    return () => clearTimeout(id);
  });
  // One pass over the events per new event (or new stops), not per drag step. The timeline's
  // event list is one array it extends in place: its length is what changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const marks = useMemo(() => marksOf(events, stops ?? []), [events, count, stops]);
  const slider = useRef<HTMLInputElement>(null);
  const forkButton = useRef<HTMLButtonElement>(null);
  const liveButton = useRef<HTMLButtonElement>(null);
  const offered = seek?.offered === true;
  useEffect(() => {
    if (offered) (forkButton.current?.disabled ? liveButton.current : forkButton.current)?.focus();
  }, [offered]);

  // A drag sends a value per pointer move: the thumb follows at once, the seek (a replay from the
  // nearest keyframe, ~9 ms) once a frame with the latest value.
  const [dragged, setDragged] = useState<number | null>(null);
  const frame = useRef(0);
  const wanted = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const seekSoon = (value: number) => {
    wanted.current = value;
    setDragged(value);
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      useSimStore.getState().seekTo(wanted.current);
      setDragged(null);
    });
  };
  const index = dragged ?? (seek ? seek.index : count - 1);
  const words = positionWords(t, lang, { index, events, origin: tl.origin }, view);
  const { goLive, forkHere } = useSimStore.getState();
  const empty = count === 0;
  return (
    <section
      className={`hs-timeline${seek ? ' is-seeking' : ''}`}
      aria-label={t('tl.title')}
      data-testid="timeline-panel"
    >
      <div className="hs-timeline__head">
        <h2 className="hs-timeline__title">{t('tl.title')}</h2>
        <p className="hs-timeline__pos" data-testid="timeline-position" title={words.text}>
          {empty ? t(follower ? 'tl.follower' : 'tl.empty') : words.text}
        </p>
        <button
          ref={liveButton}
          type="button"
          className="hs-btn hs-btn--primary"
          data-testid="btn-live"
          disabled={!seek}
          title={t('tl.liveTitle')}
          onClick={() => {
            goLive();
            slider.current?.focus();
          }}
        >
          {t('tl.live')}
        </button>
        <button
          ref={forkButton}
          type="button"
          className="hs-btn"
          data-testid="btn-fork-here"
          disabled={!seek?.fork || follower}
          title={
            seek
              ? seek.fork
                ? t('tl.forkFrom', { seq: seek.fork.seq, step: seek.fork.step, trigger: seek.fork.trigger })
                : t('tl.noFork')
              : undefined
          }
          onClick={() => void forkHere().then(() => slider.current?.focus())}
        >
          {t('tl.forkHere')}
        </button>
      </div>
      <div className="hs-timeline__track">
        <Marks marks={marks} t={t} />
        <input
          ref={slider}
          type="range"
          role="slider"
          data-testid="timeline"
          className="hs-timeline__slider"
          min={-1}
          max={Math.max(-1, count - 1)}
          step={1}
          value={index}
          disabled={empty}
          aria-label={t('tl.label')}
          aria-valuemin={-1}
          aria-valuemax={count - 1}
          aria-valuenow={index}
          aria-valuetext={empty ? t(follower ? 'tl.follower' : 'tl.empty') : words.valueText}
          onChange={(e) => seekSoon(Number(e.target.value))}
          // A presentation remote's PageUp/PageDown step a lesson (LessonBar): on the slider they move it.
          onKeyDown={(e) => (e.key === 'PageUp' || e.key === 'PageDown') && e.stopPropagation()}
        />
      </div>
      {seek && <SeekNotes seek={seek} stop={stops ? stopAt(stops, seek.index) : undefined} t={t} />}
    </section>
  );
});
