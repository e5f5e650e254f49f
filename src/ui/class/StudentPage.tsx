import { useEffect, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { CODE_LENGTH, JOIN_CODE, LIMITS, STUDENT_QUERY } from '../../class/protocol';
import { machineStates } from '../../engine';
import { findLesson, playTo } from '../../lessons';
import { useLiveClass } from '../../store/liveClass';
import { useDocumentLang, useT } from '../useT';
import { StudentQuestion, StudentSelfTest } from './StudentQuestion';
import { choiceLabel } from './words';
import './class.css';

/** The join code in the address (`?class=ABCD2345`, the QR's), or '' (`?class=join`, typed on the phone). */
export function codeInAddress(search: string): string {
  const r = v.safeParse(JOIN_CODE, new URLSearchParams(search).get(STUDENT_QUERY) ?? '');
  return r.success ? r.output : '';
}

/**
 * The student's page (`?class=<code>`, issue 43): no account and no install. A scan of the
 * projector's QR joins at once; a typed code (and an optional nickname) joins on Join. Then the
 * class's stop, following the projector: its caption and the run's states, the question with
 * the projector's choices, the result once revealed, and the score.
 */
export default function StudentPage({ search }: { search: string }) {
  const t = useT();
  useDocumentLang(t('student.title'));
  const status = useLiveClass((s) => s.status);
  const hasState = useLiveClass((s) => s.state !== null);
  const fromQr = codeInAddress(search);
  // Once (StrictMode runs an effect twice in development: one join, not two students).
  const joined = useRef(false);
  useEffect(() => {
    if (!fromQr || joined.current) return;
    joined.current = true;
    void useLiveClass.getState().joinClass(fromQr, '');
  }, [fromQr]);

  // A typed code goes into the address once joined: a reload (or a phone that drops the tab) resumes.
  const code = useLiveClass((s) => (s.status === 'live' ? s.code : null));
  useEffect(() => {
    if (!code || codeInAddress(window.location.search) === code) return;
    const url = new URL(window.location.href);
    url.searchParams.set(STUDENT_QUERY, code);
    window.history.replaceState(window.history.state, '', url);
  }, [code]);

  let body;
  if (status === 'removed' || status === 'ended')
    body = (
      <p className="hs-student__gone" data-testid="student-gone" data-reason={status} role="alert">
        {t(status === 'removed' ? 'student.removed' : 'student.ended')}
      </p>
    );
  else if (hasState && (status === 'live' || status === 'reconnecting')) body = <StudentView />;
  else body = <JoinForm initial={fromQr} />;
  return (
    <main className="hs-student" data-testid="student-page" data-status={status}>
      {body}
    </main>
  );
}

function JoinForm({ initial }: { initial: string }) {
  const t = useT();
  const status = useLiveClass((s) => s.status);
  const error = useLiveClass((s) => s.error);
  const [code, setCode] = useState(initial);
  const [nickname, setNickname] = useState('');
  const busy = status === 'connecting';
  const problem =
    status === 'norelay'
      ? t('student.norelay')
      : status === 'refused'
        ? t(error === 'rate_limited' ? 'student.limited' : 'student.badCode')
        : null;
  return (
    <form
      className="hs-student__join"
      onSubmit={(e) => {
        e.preventDefault();
        void useLiveClass.getState().joinClass(code, nickname);
      }}
    >
      <h1>{t('student.title')}</h1>
      <label>
        {t('student.code')}
        <input
          data-testid="input-class-code"
          value={code}
          maxLength={CODE_LENGTH + 2}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
        />
      </label>
      <label>
        {t('student.nickname')}
        <input
          data-testid="input-class-nickname"
          value={nickname}
          maxLength={LIMITS.nickname}
          autoComplete="nickname"
          onChange={(e) => setNickname(e.target.value)}
        />
      </label>
      <button type="submit" className="hs-btn hs-btn--primary" data-testid="btn-class-join" disabled={busy}>
        {t(busy ? 'student.joining' : 'student.join')}
      </button>
      {problem && (
        <p className="hs-student__error" data-testid="student-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** The class's stop on the phone, following the projector. */
function StudentView() {
  const t = useT();
  const state = useLiveClass((s) => s.state)!;
  const you = useLiveClass((s) => s.you);
  const status = useLiveClass((s) => s.status);
  const lesson = useMemo(() => findLesson(state.lessonId) ?? null, [state.lessonId]);
  const selftest = state.kind === 'selftest';
  // The run at this stop, replayed here from the lesson (the phone follows the projector's lesson,
  // not a copy of its screen): before a question is revealed, where it stood before the move.
  const before = state.kind === 'predict' && !state.revealed;
  const run = useMemo(() => {
    if (!lesson || selftest) return null;
    const at = Math.min(state.stop, lesson.stops.length - 1);
    const p = playTo(lesson, at, { script: true });
    const shown = before ? p.trace[at - 1] : p.trace[at];
    return { states: machineStates(p.sim.machine), now: shown?.state ?? 'created' };
  }, [lesson, selftest, state.stop, before]);
  if (!lesson) return <p role="alert">{t('student.unknownLesson', { id: state.lessonId })}</p>;
  const stop = lesson.stops[state.stop];
  return (
    <section className="hs-student__view" data-testid="student-view" data-stop={state.stop} data-kind={state.kind}>
      <header className="hs-student__head">
        <span>{t('student.in', { code: state.code })}</span>
        {you?.nickname && <span className="hs-student__nick">{t('student.as', { nickname: you.nickname })}</span>}
        <strong data-testid="student-score" data-right={you?.score.right ?? 0} data-revealed={you?.score.revealed ?? 0}>
          {t('student.score', { right: you?.score.right ?? 0, revealed: you?.score.revealed ?? 0 })}
        </strong>
      </header>
      {status === 'reconnecting' && <p className="hs-student__note">{t('student.reconnecting')}</p>}
      {state.paused && (
        <p className="hs-student__note" data-testid="student-paused" role="status">
          {t('student.paused')}
        </p>
      )}
      <p className="hs-student__title">
        {t(lesson.title)}
        {!selftest && <> · {t('student.stop', { at: state.stop + 1, of: lesson.stops.length })}</>}
      </p>
      {run && (
        <ol className="hs-student__states" aria-label={t('student.now', { state: t(`state.${run.now}`) })}>
          {run.states.map((s) => (
            <li key={s} data-state={s} data-now={s === run.now ? 'true' : undefined}>
              {choiceLabel(t, s, run.states)}
            </li>
          ))}
        </ol>
      )}
      {/* The stop's caption says why its move did what it did: shown once the question is revealed. */}
      {stop && !before && (
        <p className="hs-student__caption" data-testid="student-caption">
          {t(stop.caption)}
        </p>
      )}
      {/* One per stop: a fuse picked at one question is not taken for the next. */}
      {state.kind === 'predict' && <StudentQuestion key={`${state.lessonId}#${state.stop}`} state={state} />}
      {selftest && <StudentSelfTest state={state} />}
      {state.kind === 'watch' && <p className="hs-student__note">{t('student.watch')}</p>}
    </section>
  );
}
