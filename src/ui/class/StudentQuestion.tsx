import { useState } from 'react';
import { LIMITS } from '../../class/protocol';
import { type ClassState } from '../../class/replies';
import { SELF_TEST } from '../../lessons';
import { useLiveClass } from '../../store/liveClass';
import { useT } from '../useT';
import { choiceLabel } from './words';
import { FuseRadios, type FuseAnswer } from '../predict/FuseRadios';

/**
 * The projector's question on the phone: the same choices (`student-choice`, `data-choice`),
 * changeable until the teacher locks; the fuse asked where the projector asks it. Once revealed,
 * `student-result`: right or wrong, and the answer.
 */
export function StudentQuestion({ state }: { state: ClassState }) {
  const t = useT();
  const you = useLiveClass((s) => s.you);
  const pending = useLiveClass((s) => s.pending);
  const kept = you?.answer && 'choice' in you.answer ? you.answer : null;
  const waiting = pending?.kind === 'choice' && pending.stop === state.stop ? pending : null;
  const stored = kept?.choice ?? null;
  const sending = waiting?.choice ?? null;
  const chosen = sending ?? stored;
  // The fuse as last sent or kept by the relay (a reload, a reconnection), until the student picks again.
  const [picked, setFuse] = useState<FuseAnswer | null>(null);
  const given = waiting ?? kept;
  const fuse: FuseAnswer = picked ?? (given?.fuse === undefined ? 'unsure' : given.fuse ? 'yes' : 'no');
  const open = state.phase === 'open' && !state.paused;
  const send = (choice: string, f: FuseAnswer) =>
    void useLiveClass.getState().answerClass({
      kind: 'choice',
      stop: state.stop,
      choice,
      ...(state.askFuse && f !== 'unsure' ? { fuse: f === 'yes' } : {}),
    });
  const steps = state.choices.every((c) => /^\d+$/.test(c));
  if (state.revealed) {
    const answer = choiceLabel(t, state.revealed.answer, state.choices);
    const correct = you?.correct ?? false;
    return (
      <div
        className={`hs-student__result hs-student__result--${correct ? 'right' : 'wrong'}`}
        data-testid="student-result"
        data-correct={correct ? 'true' : 'false'}
        role="status"
      >
        <strong>{stored ? t(correct ? 'student.right' : 'student.wrong') : t('student.noAnswer')}</strong>{' '}
        {t('student.answerWas', { answer })}
      </div>
    );
  }
  return (
    <div className="hs-student__question">
      <p className="hs-student__ask">
        <strong>{t(steps ? 'student.askStep' : 'student.ask')}</strong>
      </p>
      <div className="hs-student__choices" role="group">
        {state.choices.map((c) => (
          <button
            key={c}
            type="button"
            className={c === chosen ? 'hs-btn hs-btn--primary' : 'hs-btn'}
            data-testid="student-choice"
            data-choice={c}
            aria-pressed={c === chosen}
            disabled={!open}
            onClick={() => send(c, fuse)}
          >
            {choiceLabel(t, c, state.choices)}
          </button>
        ))}
      </div>
      {state.askFuse && (
        <fieldset className="hs-student__fuse" disabled={!open}>
          <legend>{t('student.fuse')}</legend>
          <FuseRadios
            name="student-fuse"
            value={fuse}
            onPick={(f) => {
              setFuse(f);
              if (chosen) send(chosen, f);
            }}
          />
        </fieldset>
      )}
      <p className="hs-student__note" role="status">
        {state.phase !== 'open'
          ? t('student.locked')
          : state.paused
            ? null
            : sending
              ? t('student.sending')
              : chosen
                ? t('student.chosen', { choice: choiceLabel(t, chosen, state.choices) })
                : null}
      </p>
    </div>
  );
}

/** The article's self-test on the phone: a text box a question, each sent on its own, editable until locked. */
export function StudentSelfTest({ state }: { state: ClassState }) {
  const t = useT();
  const you = useLiveClass((s) => s.you);
  const stored = you?.answer && 'texts' in you.answer ? you.answer.texts : {};
  const [texts, setTexts] = useState<Record<string, string>>(() => ({ ...stored }));
  const open = state.phase === 'open' && !state.paused;
  return (
    <div className="hs-student__selftest">
      <p className="hs-student__ask">
        <strong>{t('student.selftest')}</strong>
      </p>
      {SELF_TEST.map((q) => {
        const text = texts[q.id] ?? '';
        const sent = stored[q.id];
        return (
          <div key={q.id} className="hs-student__q">
            <label>
              {t(q.question)}
              <textarea
                data-testid="student-text"
                data-q={q.id}
                rows={4}
                maxLength={LIMITS.answerText}
                value={text}
                disabled={!open}
                onChange={(e) => setTexts({ ...texts, [q.id]: e.target.value })}
              />
            </label>
            <button
              type="button"
              className="hs-btn hs-btn--primary"
              data-testid="btn-student-send"
              data-q={q.id}
              disabled={!open || text.trim() === '' || text.trim() === sent}
              onClick={() =>
                void useLiveClass
                  .getState()
                  .answerClass({ kind: 'text', stop: state.stop, question: q.id, text: text.trim() })
              }
            >
              {t('student.send')}
            </button>
            {sent && <p className="hs-student__note">{t('student.sent')}</p>}
          </div>
        );
      })}
    </div>
  );
}
