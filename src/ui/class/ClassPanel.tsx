import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { STUDENT_QUERY } from '../../class/protocol';
import { LESSON_IDS, findLesson } from '../../lessons';
import { classWasLive, startClassAt, startClassWhenShown, useLiveClass } from '../../store/liveClass';
import { passQuestion, predictor } from '../../store/predict';
import { QrCode } from '../guide/QrCode';
import { useCitedStop } from '../present/cited';
import { useT } from '../useT';
import { ClassQuestion } from './ClassQuestion';
import { ClassTexts } from './ClassTexts';
import { classAnswerAt, classStopAt, startWithoutStop } from './classStop';
import { ClassStudents } from './ClassStudents';
import { classErrorWords, classStatusWords } from './words';
import './class.css';

/** The address a phone opens: this page's own folder with the join code, so a scan joins at once. */
export const studentUrl = (code: string): string => {
  const url = new URL(window.location.pathname, window.location.origin);
  url.searchParams.set(STUDENT_QUERY, code);
  return url.href;
};

/** This page at the first lesson, in presenter mode: where a class starts when no lesson is open. */
const firstLessonHref = (): string => {
  const url = new URL(window.location.href);
  url.searchParams.set('lesson', LESSON_IDS[0]!);
  url.searchParams.set('at', '1');
  url.searchParams.delete('run');
  return url.href;
};

/** A loopback host (the laptop's own name for itself): a phone cannot reach it. */
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * The projector's live class (issue 43, presenter mode beside the diagram): "Start a class", then
 * the join code, its QR and the students joined; at a prediction the answers arriving, lock and
 * reveal (the class's histogram beside the lesson's own answer, then the move plays); at the
 * self-test the typed answers, anonymous, a few at a time. The class follows the lesson's stops.
 */
export default function ClassPanel() {
  const t = useT();
  const status = useLiveClass((s) => s.status);
  const code = useLiveClass((s) => s.code);
  const state = useLiveClass((s) => s.state);
  const error = useLiveClass((s) => s.error);
  const cited = useCitedStop((s) => s.stop);
  const asking = useSelector(predictor, (s) => s.context.asking);
  const predictOn = useSelector(predictor, (s) => s.matches('on'));
  const lesson = useMemo(() => (cited ? (findLesson(cited.lesson) ?? null) : null), [cited]);
  const shown = cited?.at ?? 0;
  // The phones are on the self-test from the stop where the teacher sent them there, until the lesson moves.
  const here = `${lesson?.id}#${shown}`;
  const [selftestAt, setSelftestAt] = useState<string | null>(null);
  const selftest = selftestAt === here;
  // A question answered (or revealed) plays its move, and the lesson shows that stop a moment
  // later, once its run is stored: meanwhile the class stays on the asked stop, not back a step.
  const [asked, setAsked] = useState<number | null>(null);
  useEffect(() => {
    const q = predictor.subscribe((s) => s.context.asking?.at !== undefined && setAsked(s.context.asking.at));
    const unshown = useCitedStop.subscribe(() => setAsked(null));
    return () => {
      q.unsubscribe();
      unshown();
    };
  }, []);
  const at = useMemo(
    () => (lesson ? classStopAt({ lesson, shown, asking, asked, predictOn, selftest }) : null),
    [lesson, shown, asking, asked, predictOn, selftest],
  );
  // Another stop of the lesson: the phones follow (client.ts sends each change once).
  const live = status === 'live';
  useEffect(() => void (at && live && useLiveClass.getState().moveClass(at)), [at, live]);
  // This tab ran a class before this page (another lesson, a reload): rejoin it at this stop.
  const off = status === 'off';
  useEffect(() => void (at && off && classWasLive() && useLiveClass.getState().startClass(at)), [at, off]);

  const running = code !== null && (status === 'live' || status === 'reconnecting');
  if (!running) {
    const words = classStatusWords(status);
    return (
      <aside className="hs-class" data-testid="class-panel" data-status={status} aria-label={t('class.title')}>
        <button
          type="button"
          className="hs-btn hs-btn--primary"
          data-testid="btn-class-start"
          disabled={status === 'connecting'}
          onClick={() => {
            if (at) void useLiveClass.getState().startClass(at);
            // The address's lesson has not shown its stop yet: start there once it does, never
            // at the first lesson (a press in the page's first moments opened that one).
            else if (startWithoutStop(window.location.search) === 'here') startClassWhenShown();
            else startClassAt(firstLessonHref());
          }}
        >
          {t('class.start')}
        </button>
        {words && (
          <p className="hs-class__note" data-testid="class-message" role="status">
            {t(words, { command: 'npm run class', fragment: '#teacher=…' })}
          </p>
        )}
        {status === 'refused' && error && (
          <p className="hs-class__note" data-testid="class-message" data-error={error} role="alert">
            {t('class.refused', { reason: t(classErrorWords(error)) })}
          </p>
        )}
      </aside>
    );
  }

  const url = studentUrl(code);
  const teach = useLiveClass.getState().teach;
  const reveal = async () => {
    if (!lesson || !state || state.kind !== 'predict') return;
    const right = classAnswerAt(lesson, state.stop);
    if (!right) return;
    const ok = await teach({ type: 'reveal', answer: right.answer, ...(state.askFuse ? { fuse: right.fuse } : {}) });
    // The projector's own question for this stop is still up: its move plays now, unscored.
    if (ok && predictor.getSnapshot().context.asking?.at === state.stop) passQuestion();
  };
  const kind = state?.kind ?? 'watch';
  return (
    <aside
      className="hs-class hs-class--live"
      data-testid="class-panel"
      data-status={status}
      data-kind={kind}
      aria-label={t('class.title')}
    >
      <p className="hs-class__head">
        <span className="hs-class__label">{t('class.code')}</span>{' '}
        <strong className="hs-class__code" data-testid="class-join-code">
          {code}
        </strong>
        <span className="hs-class__count">
          <strong data-testid="class-joined">{state?.joined ?? 0}</strong> {t('class.joined')}
        </span>
      </p>
      {status === 'reconnecting' && (
        <p className="hs-class__note" role="status">
          {t('class.reconnecting')}
        </p>
      )}
      {error && (
        <p className="hs-class__note" data-testid="class-error" data-error={error} role="alert">
          {t('class.refused', { reason: t(classErrorWords(error)) })}
        </p>
      )}
      {state?.paused && (
        <p className="hs-class__note" data-testid="class-paused" role="status">
          {t('class.paused')}
        </p>
      )}
      {kind === 'watch' && (
        <div className="hs-class__join">
          <QrCode text={url} label={t('class.qr', { code })} testId="class-qr" className="hs-class__qr" />
          <p className="hs-class__url">{t('class.address', { url })}</p>
          {LOOPBACK.test(window.location.hostname) && (
            <p className="hs-class__note" data-testid="class-loopback">
              {t('class.loopback', { host: window.location.hostname, command: 'npm run class' })}
            </p>
          )}
        </div>
      )}
      {kind === 'predict' && state && <ClassQuestion state={state} onReveal={() => void reveal()} />}
      {kind === 'selftest' && <ClassTexts />}
      <div className="hs-class__actions">
        {lesson && (
          <button
            type="button"
            className="hs-btn"
            data-testid="btn-class-selftest"
            onClick={() => setSelftestAt(selftest ? null : here)}
          >
            {t(selftest ? 'class.selftestBack' : 'class.selftest')}
          </button>
        )}
        <button
          type="button"
          className="hs-btn"
          data-testid="btn-class-pause"
          aria-pressed={state?.paused ?? false}
          onClick={() => void teach({ type: 'pause', paused: !state?.paused })}
        >
          {t(state?.paused ? 'class.resume' : 'class.pause')}
        </button>
        <EndButton />
      </div>
      <ClassStudents />
    </aside>
  );
}

/** Ends the class (and deletes its data) on a second press: one stray click loses nothing. */
function EndButton() {
  const t = useT();
  const [sure, setSure] = useState(false);
  return sure ? (
    <button
      type="button"
      className="hs-btn hs-btn--danger"
      data-testid="btn-class-end"
      data-confirm="true"
      onClick={() => void useLiveClass.getState().teach({ type: 'end' })}
      onBlur={() => setSure(false)}
    >
      {t('class.endConfirm')}
    </button>
  ) : (
    <button type="button" className="hs-btn" data-testid="btn-class-end" onClick={() => setSure(true)}>
      {t('class.end')}
    </button>
  );
}
