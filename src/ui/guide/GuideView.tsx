import { useMemo } from 'react';
import { classPlan } from '../../lessons/guide';
import { useSimStore } from '../../store/simStore';
import { LangButton } from '../LangButton';
import { useDocumentLang, useT } from '../useT';
import { GuideLesson } from './GuideLesson';
import { GuideReadings, GuideSelfTest } from './GuideExtras';
import { GuideHomework } from './GuideHomework';
import { GuidePlan } from './GuidePlan';
import { WorksheetView } from './WorksheetView';
import './guide.css';

/** `?guide=1&sheet=1`: the students' worksheet instead of the teacher's guide (same chunk). */
const isSheet = (search: string): boolean => new URLSearchParams(search).has('sheet');

/** The guide's page: the teacher's guide, or with `sheet=1` the student worksheet made from it. */
export function GuideView() {
  return isSheet(window.location.search) ? <WorksheetView /> : <TeacherGuide />;
}

/**
 * The teacher's guide (`?guide=1`, SPEC §12; ui-contract "the guide"): a 45-minute plan of the
 * thirteen lessons from measured minutes (those that do not fit are homework), each lesson's questions before its predictions and its discussion, the
 * article's self-test with its answers, and where the simulator reads the article its own way.
 * A document to print on A4 (guide.css): its controls do not print; each lesson's address does,
 * absolute, with a QR code.
 */
function TeacherGuide() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  // Every lesson is replayed once (its predictions' answers, its length): a few hundred ms, once.
  const plan = useMemo(() => classPlan(), []);
  useDocumentLang(t('guide.title'));
  const homework = plan.lessons.filter((g) => g.homework !== null).length;
  return (
    <main className="hs-guide" data-testid="guide">
      <header className="hs-guide__head">
        <h1>{t('guide.title')}</h1>
        <nav className="hs-guide__controls" aria-label={t('guide.controls')}>
          <button type="button" className="hs-btn hs-btn--primary" onClick={() => window.print()}>
            {t('guide.print')}
          </button>
          <a className="hs-btn hs-btn--link" data-testid="link-worksheet" href={`?guide=1&sheet=1&lang=${lang}`}>
            {t('sheet.link')}
          </a>
          <LangButton />
          <a className="hs-btn hs-btn--link" href={`?lang=${lang}`}>
            {t('guide.back')}
          </a>
        </nav>
      </header>
      <p className="hs-guide__intro">
        {t('guide.intro', {
          lessons: plan.lessons.length,
          inClass: plan.lessons.length - homework,
          homework,
        })}
      </p>
      <GuidePlan plan={plan} lang={lang} t={t} />
      {plan.lessons.map((g) => (
        <GuideLesson key={g.lesson.id} g={g} />
      ))}
      <GuideSelfTest minutes={plan.selfTest.minutes} allowances={plan.allowances} />
      <GuideHomework plan={plan} />
      <GuideReadings lessons={plan.lessons} />
    </main>
  );
}
