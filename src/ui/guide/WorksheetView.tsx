import { useMemo } from 'react';
import type { SelfTestQuestion } from '../../lessons/selftest';
import { classPlan, worksheetOf } from '../../lessons/guide';
import { useSimStore } from '../../store/simStore';
import { LangButton } from '../LangButton';
import type { T } from '../useT';
import { useDocumentLang, useT } from '../useT';
import { WorksheetLesson } from './WorksheetLesson';
import './guide.css';
import './worksheet.css';

/** The ruled lines under each self-test question: room for a paragraph in a student's hand. */
const SELF_TEST_LINES = 12;

/** The article's self-test to write (`worksheet-selftest`): each question with ruled lines, no answer. */
function SheetSelfTest({ questions, t }: { questions: readonly SelfTestQuestion[]; t: T }) {
  return (
    <section className="hs-sheet__selftest" data-testid="worksheet-selftest" aria-labelledby="sheet-selftest">
      <h2 id="sheet-selftest">{t('selftest.title')}</h2>
      <p>{t('sheet.selftestIntro')}</p>
      <ol>
        {questions.map((q) => (
          <li key={q.id} data-question={q.id}>
            <p>
              <strong>{t(q.question)}</strong>
            </p>
            {Array.from({ length: SELF_TEST_LINES }, (_, i) => (
              <span key={i} className="hs-sheet__line" aria-hidden="true" />
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The student worksheet (`?guide=1&sheet=1`; ui-contract "the guide"): for each lesson the guide
 * holds in class, its predictions as questions to tick before the stop plays, then the article's
 * self-test to write, then the homework lessons, marked as such; each lesson with its absolute
 * address and a QR code of it. It prints on A4, a lesson never across two pages (worksheet.css).
 * It carries no answer: those are the teacher's (the guide).
 */
export function WorksheetView() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  // The plan replays every lesson once, as the guide does: the same lessons in class and at home.
  const sheet = useMemo(() => worksheetOf(classPlan()), []);
  useDocumentLang(t('sheet.title'));
  return (
    <main className="hs-sheet" data-testid="worksheet">
      <header className="hs-sheet__head">
        <h1>{t('sheet.title')}</h1>
        <nav className="hs-sheet__controls" aria-label={t('guide.controls')}>
          <button type="button" className="hs-btn hs-btn--primary" onClick={() => window.print()}>
            {t('guide.print')}
          </button>
          <LangButton />
          <a className="hs-btn hs-btn--link" data-testid="worksheet-back" href={`?guide=1&lang=${lang}`}>
            {t('sheet.back')}
          </a>
        </nav>
      </header>
      <p className="hs-sheet__who">
        {(['sheet.name', 'sheet.group', 'sheet.date'] as const).map((k) => (
          <span key={k}>
            {t(k)}
            <span className="hs-sheet__blank" aria-hidden="true" />
          </span>
        ))}
      </p>
      <p className="hs-sheet__intro">{t('sheet.intro')}</p>
      <section className="hs-sheet__part" data-testid="worksheet-part" data-part="class" aria-labelledby="sheet-class">
        <h2 id="sheet-class">{t('sheet.inClass')}</h2>
        {sheet.inClass.map((l) => (
          <WorksheetLesson key={l.id} l={l} lang={lang} t={t} />
        ))}
      </section>
      <SheetSelfTest questions={sheet.selfTest} t={t} />
      <section
        className="hs-sheet__part is-homework"
        data-testid="worksheet-part"
        data-part="homework"
        aria-labelledby="sheet-homework"
      >
        <h2 id="sheet-homework">{t('sheet.homework')}</h2>
        <p>{t('sheet.homeworkIntro')}</p>
        {sheet.homework.map((l) => (
          <WorksheetLesson key={l.id} l={l} lang={lang} t={t} />
        ))}
      </section>
    </main>
  );
}
