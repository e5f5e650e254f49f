import type { ClassState } from '../../class/replies';
import { useLiveClass } from '../../store/liveClass';
import { useT } from '../useT';
import { choiceLabel } from './words';

/**
 * A prediction stop on the projector: the answers arriving (`class-answers`), lock and reopen,
 * and Reveal; once revealed, the class's histogram (`class-bar` per choice, `data-count`) with the
 * lesson's answer marked (`data-right`), and where the stop asked whether the fuse trips, the
 * class's yes and no beside the lesson's (`class-fuse-bar`).
 */
export function ClassQuestion({ state, onReveal }: { state: ClassState; onReveal: () => void }) {
  const t = useT();
  // The teacher's tally counts as answers arrive; the phones' state is batched a little more.
  const answered = useLiveClass((s) => (s.tally?.stop === state.stop ? s.tally.answered : state.answered));
  const teach = useLiveClass.getState().teach;
  if (state.revealed) {
    const { histogram, answer, fuse, fuses } = state.revealed;
    const most = Math.max(1, ...Object.values(histogram));
    return (
      <figure className="hs-class__histogram" data-testid="class-histogram" data-answer={answer}>
        <figcaption>{t('class.histogram')}</figcaption>
        {state.choices.map((c) => (
          <Bar
            key={c}
            testId="class-bar"
            choice={c}
            label={choiceLabel(t, c, state.choices)}
            count={histogram[c] ?? 0}
            most={most}
            right={c === answer}
          />
        ))}
        {state.askFuse && fuses && (
          <>
            <p className="hs-class__fuse">{t('student.fuse')}</p>
            {(['yes', 'no'] as const).map((f) => (
              <Bar
                key={f}
                testId="class-fuse-bar"
                choice={f}
                label={t(`predict.${f}`)}
                count={fuses[f]}
                most={Math.max(1, fuses.yes, fuses.no)}
                right={fuse !== undefined && fuse === (f === 'yes')}
              />
            ))}
          </>
        )}
      </figure>
    );
  }
  const locked = state.phase === 'locked';
  return (
    <div className="hs-class__question">
      <p className="hs-class__answers" role="status">
        <strong data-testid="class-answers">{answered}</strong> / {state.joined} {t('class.answered')}
        {locked && <span className="hs-class__locked"> · {t('class.locked')}</span>}
      </p>
      <div className="hs-class__actions">
        <button
          type="button"
          className="hs-btn"
          data-testid="btn-class-lock"
          aria-pressed={locked}
          onClick={() => void teach({ type: locked ? 'open' : 'lock' })}
        >
          {t(locked ? 'class.reopen' : 'class.lock')}
        </button>
        <button type="button" className="hs-btn hs-btn--primary" data-testid="btn-class-reveal" onClick={onReveal}>
          {t('class.reveal')}
        </button>
      </div>
    </div>
  );
}

/** One bar of the class's split: the choice, its share of the most chosen, the count; the right one marked. */
function Bar(props: { testId: string; choice: string; label: string; count: number; most: number; right: boolean }) {
  const t = useT();
  const { right, count } = props;
  return (
    <div
      className={right ? 'hs-class__bar hs-class__bar--right' : 'hs-class__bar'}
      data-testid={props.testId}
      data-choice={props.choice}
      data-count={count}
      data-right={right ? 'true' : undefined}
    >
      <span className="hs-class__choice">
        {props.label}
        {right && <strong> ✓ {t('class.right')}</strong>}
      </span>
      <span className="hs-class__track">
        <span className="hs-class__fill" style={{ width: `${(count / props.most) * 100}%` }} />
      </span>
      <span className="hs-class__n">{count}</span>
    </div>
  );
}
