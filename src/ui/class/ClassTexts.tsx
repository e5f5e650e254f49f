import { useEffect, useState } from 'react';
import { SELF_TEST } from '../../lessons';
import type { ModelAnswer } from '../../lessons/selftestAnswers';
import { useLiveClass } from '../../store/liveClass';
import { ModelAnswerText } from '../lessons/SelfTest';
import { useT } from '../useT';

/** How many of the class's typed answers the projector shows at once, for discussion. */
const TEXTS_AT_ONCE = 3;

/**
 * The self-test on the projector: one question at a time, the class's typed answers without
 * names (the tally carries none), a few at a time, beside the article's model answer. Every
 * answer is React text: a student's `<img onerror>` shows as those characters.
 */
export function ClassTexts() {
  const t = useT();
  const [q, setQ] = useState(SELF_TEST[0]!.id);
  const [page, setPage] = useState(0);
  const texts = useLiveClass((s) => s.tally?.texts);
  const mine = (texts ?? []).filter((x) => x.question === q);
  const pages = Math.max(1, Math.ceil(mine.length / TEXTS_AT_ONCE));
  const from = Math.min(page, pages - 1) * TEXTS_AT_ONCE;
  const shown = mine.slice(from, from + TEXTS_AT_ONCE);
  const [model, setModel] = useState<Record<string, ModelAnswer> | null>(null);
  useEffect(() => {
    let on = true;
    void import('../../lessons/selftestAnswers').then((m) => on && setModel(m.SELF_TEST_ANSWERS));
    return () => void (on = false);
  }, []);
  const question = SELF_TEST.find((x) => x.id === q)!;
  return (
    <div className="hs-class__texts">
      <div className="hs-class__actions" role="group">
        {SELF_TEST.map((x, i) => (
          <button
            key={x.id}
            type="button"
            className="hs-btn"
            aria-pressed={x.id === q}
            data-testid="btn-class-question"
            data-q={x.id}
            onClick={() => {
              setQ(x.id);
              setPage(0);
            }}
          >
            {i + 1}
          </button>
        ))}
      </div>
      <p className="hs-class__q">{t(question.question)}</p>
      <p className="hs-class__label">
        {mine.length
          ? t('class.texts', { from: from + 1, to: from + shown.length, n: mine.length })
          : t('class.textsNone')}
      </p>
      <ul className="hs-class__answers-list">
        {shown.map((x, i) => (
          <li key={from + i} data-testid="class-text">
            {x.text}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <button
          type="button"
          className="hs-btn"
          data-testid="btn-class-texts-more"
          onClick={() => setPage((from / TEXTS_AT_ONCE + 1) % pages)}
        >
          {t('class.textsMore')}
        </button>
      )}
      {model?.[q] && (
        <div className="hs-class__model">
          <p className="hs-class__label">{t('class.model')}</p>
          <ModelAnswerText model={model[q]} t={t} />
        </div>
      )}
    </div>
  );
}
