import { useEffect, useMemo } from 'react';
import type { Lang } from '../../engine';
import { classPlan, type ClassPlan } from '../../lessons/guide';
import { useSimStore } from '../../store/simStore';
import { LangButton } from '../LangButton';
import type { T } from '../useT';
import { useT } from '../useT';
import { GuideLesson, lessonHref } from './GuideLesson';
import { GuideReadings, GuideSelfTest } from './GuideExtras';
import './guide.css';

/**
 * The teacher's guide (`?guide=1`, SPEC §12; ui-contract "the guide"): a 45-minute plan of the
 * thirteen lessons, each lesson's questions before its predictions and its discussion, the
 * article's self-test with its answers, and where the simulator reads the article its own way.
 * A document to print on A4 (guide.css): its controls do not print.
 */
export function GuideView() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  // Every lesson is replayed once (its predictions' answers, its length): a few hundred ms, once.
  const plan = useMemo(() => classPlan(), []);
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = `${t('guide.title')} · Harness Sim`;
  }, [lang, t]);
  const homework = plan.lessons.filter((g) => g.minutes === 0).length;
  return (
    <main className="hs-guide" data-testid="guide">
      <header className="hs-guide__head">
        <h1>{t('guide.title')}</h1>
        <nav className="hs-guide__controls" aria-label={t('guide.controls')}>
          <button type="button" className="hs-btn hs-btn--primary" onClick={() => window.print()}>
            {t('guide.print')}
          </button>
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
      <PlanTable plan={plan} lang={lang} t={t} />
      {plan.lessons.map((g) => (
        <GuideLesson key={g.lesson.id} g={g} />
      ))}
      <GuideSelfTest minutes={plan.selfTest.minutes} />
      <GuideReadings lessons={plan.lessons} />
    </main>
  );
}

/** The class at a glance: each lesson's minutes of the 45 (or homework), then the self-test. */
function PlanTable({ plan, lang, t }: { plan: ClassPlan; lang: Lang; t: T }) {
  const span = (from: number, minutes: number) => t('guide.span', { from, to: from + minutes });
  return (
    <section className="hs-guide__block hs-guide__plan" aria-labelledby="guide-plan">
      <h2 id="guide-plan">{t('guide.plan')}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('guide.col.time')}</th>
            <th scope="col">{t('guide.col.lesson')}</th>
            <th scope="col" className="hs-guide__sec">
              {t('guide.col.section')}
            </th>
            <th scope="col">{t('guide.col.minutes')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.lessons.map((g) => (
            <tr key={g.lesson.id} className={g.start === null ? 'is-homework' : undefined}>
              <td>{g.start === null ? '—' : span(g.start, g.minutes)}</td>
              <td>
                {g.number}.{' '}
                <a href={lessonHref(g.lesson.id, lang)} className="hs-guide__plain">
                  {g.lesson.title[lang]}
                </a>
              </td>
              <td className="hs-guide__sec" lang="zh-CN">
                {g.sections[0]}
              </td>
              <td>{g.start === null ? t('guide.homework') : t('guide.minutes', { n: g.minutes })}</td>
            </tr>
          ))}
          <tr>
            <td>{span(plan.selfTest.start, plan.selfTest.minutes)}</td>
            <td>
              <a href="#guide-selftest" className="hs-guide__plain">
                {t('guide.selftestRow')}
              </a>
            </td>
            <td className="hs-guide__sec" lang="zh-CN">
              自测
            </td>
            <td>{t('guide.minutes', { n: plan.selfTest.minutes })}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('guide.total')}
            </th>
            <td className="hs-guide__sec" />
            <td>{t('guide.minutes', { n: plan.total })}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
