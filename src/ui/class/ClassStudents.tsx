import { useLiveClass } from '../../store/liveClass';
import { useT } from '../useT';

/** Who is in the class, to remove one: nicknames as text (React text, never markup), in joining order. */
export function ClassStudents() {
  const t = useT();
  const students = useLiveClass((s) => s.roster?.students);
  if (!students?.length) return null;
  return (
    <details className="hs-class__students">
      <summary>{t('class.students', { n: students.length })}</summary>
      <ul>
        {students.map((s) => (
          <li key={s.id} data-testid="class-student" data-student={s.id}>
            <span className="hs-class__nick">{s.nickname || t('class.anonymous')}</span>
            <button
              type="button"
              className="hs-btn"
              data-testid="btn-class-remove"
              onClick={() => void useLiveClass.getState().teach({ type: 'remove', student: s.id })}
            >
              {t('class.remove')}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
