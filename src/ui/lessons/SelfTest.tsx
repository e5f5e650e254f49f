import { useState } from 'react';
import type { ModelAnswer } from '../../lessons/selftestAnswers';
import { SELF_TEST, SELF_TEST_INTRO, type SelfTestQuestion } from '../../lessons/selftest';
import { useT, type T } from '../useT';

/** The article's two self-test questions: the student writes first, the model answer shows after. */
export function SelfTest() {
  const t = useT();
  return (
    <section className="hs-panel hs-selftest" aria-label={t('selftest.title')}>
      <h2>{t('selftest.title')}</h2>
      <p>{t(SELF_TEST_INTRO)}</p>
      {SELF_TEST.map((q) => (
        <Question key={q.id} q={q} />
      ))}
    </section>
  );
}

function Question({ q }: { q: SelfTestQuestion }) {
  const t = useT();
  const [text, setText] = useState('');
  // The model answer, fetched (a chunk of its own) once the student has written and asks for it.
  const [model, setModel] = useState<ModelAnswer | null>(null);
  const [asked, setAsked] = useState(false);
  const reveal = () => {
    setAsked(true);
    void import('../../lessons/selftestAnswers').then(
      (m) => setModel(m.SELF_TEST_ANSWERS[q.id]),
      () => setAsked(false),
    );
  };
  return (
    <div className="hs-selftest__q" data-testid="selftest-question" data-q={q.id}>
      <label>
        <strong>{t(q.question)}</strong>
        <textarea
          data-testid="selftest-answer"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('selftest.write')}
        />
      </label>
      <button
        type="button"
        className="hs-btn"
        data-testid="btn-selftest-reveal"
        disabled={text.trim() === '' || asked}
        title={text.trim() === '' ? t('selftest.first') : undefined}
        onClick={reveal}
      >
        {t('selftest.reveal')}
      </button>
      {model && <ModelAnswerText model={model} t={t} />}
    </div>
  );
}

/** The model answer, with the sentence the article sets in bold in bold (also the teacher's guide's). */
export function ModelAnswerText({ model, t }: { model: ModelAnswer; t: T }) {
  const answer = t(model.answer);
  const bold = model.emphasis && t(model.emphasis);
  const at = bold ? answer.indexOf(bold) : -1;
  return (
    <p data-testid="selftest-model-answer" className="hs-selftest__answer">
      {at < 0 || !bold ? (
        answer
      ) : (
        <>
          {answer.slice(0, at)}
          <strong>{bold}</strong>
          {answer.slice(at + bold.length)}
        </>
      )}
    </p>
  );
}
