import { SELF_TEST, SELF_TEST_INTRO } from '../../lessons/selftest';
import { SELF_TEST_ANSWERS } from '../../lessons/selftestAnswers';
import { READINGS, type Allowances, type GuideLesson } from '../../lessons/guide';
import { useSimStore } from '../../store/simStore';
import { ModelAnswerText } from '../lessons/SelfTest';
import { useT } from '../useT';
import { duration } from './format';
import { lessonHref } from './links';

/** The article's self-test with its model answers, as the self-test panel holds them; timed by the allowances. */
export function GuideSelfTest({ minutes, allowances }: { minutes: number; allowances: Allowances }) {
  const t = useT();
  return (
    <section className="hs-guide__block hs-guide__selftest" aria-labelledby="guide-selftest">
      <h2 id="guide-selftest">
        {t('selftest.title')} <span className="hs-guide__min">{t('guide.minutes', { n: minutes })}</span>
      </h2>
      <p>
        {t('guide.selftestHow', {
          write: duration(t, allowances.selfTestWriteMs),
          compare: duration(t, allowances.selfTestCompareMs),
        })}
      </p>
      <p>{t(SELF_TEST_INTRO)}</p>
      <ol>
        {SELF_TEST.map((q) => (
          <li key={q.id}>
            <p>
              <strong>{t(q.question)}</strong>
            </p>
            <p className="hs-guide__label">{t('guide.modelAnswer')}</p>
            <ModelAnswerText model={SELF_TEST_ANSWERS[q.id]} t={t} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Where the simulator extends the article or reads it its own way, with the lessons that show each. */
export function GuideReadings({ lessons }: { lessons: readonly GuideLesson[] }) {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  return (
    <section className="hs-guide__block hs-guide__readings" aria-labelledby="guide-readings">
      <h2 id="guide-readings">{t('guide.readings')}</h2>
      <p>{t('guide.readingsIntro')}</p>
      {READINGS.map((r) => (
        <div key={r.id} className="hs-guide__reading" data-reading={r.id}>
          <h3>{t(r.title)}</h3>
          <dl>
            <div>
              <dt>{t('guide.article')}</dt>
              <dd>{t(r.article)}</dd>
            </div>
            <div>
              <dt>{t('guide.simulator')}</dt>
              <dd>{t(r.simulator)}</dd>
            </div>
            <div>
              <dt>{t('guide.shownIn')}</dt>
              <dd>
                {lessons
                  .filter((g) => r.shownIn(g.lesson))
                  .map((g, i) => (
                    <span key={g.lesson.id}>
                      {i > 0 && ', '}
                      <a className="hs-guide__plain" href={lessonHref(g.lesson.id, lang)}>
                        {t('guide.lessonHead', { n: g.number })} · {t(g.lesson.title)}
                      </a>
                    </span>
                  ))}
              </dd>
            </div>
          </dl>
        </div>
      ))}
    </section>
  );
}
