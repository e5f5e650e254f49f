import { LESSON_TITLES } from '../../lessons/meta';
import { useSimStore } from '../../store/simStore';
import { useT } from '../useT';

/** The lessons, in class order: each opens the page on its first stop; then the teacher's guide to them. */
export function LessonList() {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  return (
    <section className="hs-panel hs-lesson-list" aria-label={t('lesson.list')}>
      <h2>{t('lesson.list')}</h2>
      <ol data-testid="lesson-list">
        {LESSON_TITLES.map((l) => (
          <li key={l.id} data-testid="lesson-item" data-lesson={l.id}>
            <a href={`?lesson=${encodeURIComponent(l.id)}&lang=${lang}`}>{t(l.title)}</a>
          </li>
        ))}
      </ol>
      <p className="hs-note">
        <a data-testid="link-guide" href={`?guide=1&lang=${lang}`}>
          {t('guide.link')}
        </a>
      </p>
    </section>
  );
}
