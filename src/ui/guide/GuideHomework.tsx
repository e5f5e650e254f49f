import type { ClassPlan } from '../../lessons/guide';
import { useT } from '../useT';

/**
 * What does not fit the 45 minutes (`guide-homework`): the lessons left for home, each with why
 * and its minutes counted as in class, then the discussion prompts of the lessons held in class
 * that the class has no time for, to answer in writing. Each item is a `guide-homework-item`
 * (`data-lesson`, `data-kind="lesson|prompt"`).
 */
export function GuideHomework({ plan }: { plan: ClassPlan }) {
  const t = useT();
  const lessons = plan.lessons.filter((g) => g.homework !== null);
  const prompts = plan.lessons.filter((g) => g.homework === null && g.discussHome.length > 0);
  return (
    <section
      className="hs-guide__block hs-guide__homework-list"
      aria-labelledby="guide-homework"
      data-testid="guide-homework"
    >
      <h2 id="guide-homework">{t('guide.homeworkTitle')}</h2>
      <p>{t('guide.homeworkIntro', { lessons: lessons.length })}</p>
      <h3>{t('guide.homeworkLessons')}</h3>
      <ul>
        {lessons.map((g) => (
          <li key={g.lesson.id} data-testid="guide-homework-item" data-lesson={g.lesson.id} data-kind="lesson">
            <a className="hs-guide__plain" href={`#guide-${g.lesson.id}`}>
              <strong>
                {t('guide.lessonHead', { n: g.number })} · {t(g.lesson.title)}
              </strong>
            </a>{' '}
            <span className="hs-guide__min is-homework">{t('guide.atHome', { n: g.homeMinutes })}</span>{' '}
            {g.homework && t(g.homework)}
          </li>
        ))}
      </ul>
      <h3>{t('guide.homeworkPrompts')}</h3>
      <ul>
        {prompts.flatMap((g) =>
          g.discussHome.map((d) => (
            <li
              key={`${g.lesson.id}-${d.q}`}
              data-testid="guide-homework-item"
              data-lesson={g.lesson.id}
              data-kind="prompt"
            >
              <span className="hs-guide__stop">{t('guide.promptOf', { n: g.number })}</span>
              {t('label.gap')}
              {t(d.q)}
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
