import { useState } from 'react';
import { isSimpleMachine, type StateName } from '../../engine';
import { scorePrediction, scoreStep } from '../../lessons/predict';
import { SIMPLE_STATE_NAMES, isSimpleChoices } from '../../lessons/simpleNames';
import type { MessageKey } from '../../i18n';
import { useSelector } from '@xstate/react';
import { dismissResult, predictor, recordAnswer, type Ask } from '../../store/predict';
import { useSimStore } from '../../store/simStore';
import { useT } from '../useT';
import { FuseRadios, type FuseAnswer } from './FuseRadios';

/**
 * `predict-prompt`: which state comes next (one `predict-choice` per state of the run's machine)
 * and, optionally, whether the fuse trips; a choice applies the event. Then `predict-result`:
 * right or wrong (`data-correct`), the answer and one sentence on why.
 */
export function PredictPanel() {
  const asking = useSelector(predictor, (s) => s.context.asking);
  const result = useSelector(predictor, (s) => s.context.result);
  // The marker says the panel's code is in: from then on a question shows as soon as it is put.
  return (
    <>
      <span hidden data-testid="predict-panel" />
      {asking ? (
        asking.steps ? (
          <StepPrompt key={asking.steps.join()} ask={asking} steps={asking.steps} />
        ) : (
          <Prompt key={asking.from + asking.choices.join()} ask={asking} />
        )
      ) : result ? (
        <Result />
      ) : null}
    </>
  );
}

/** A state's label: the simple mode's four go by the article's names (待跑 / 在跑 / 完成 / 失败). */
const stateKey = (simple: boolean, s: StateName): MessageKey =>
  simple && SIMPLE_STATE_NAMES[s] ? (`simpleState.${s}` as MessageKey) : `state.${s}`;

function Prompt({ ask }: { ask: Ask }) {
  const t = useT();
  // The simple mode's machine has no fuse: no question about one.
  const simple = isSimpleChoices(ask.choices);
  const [fuse, setFuse] = useState<FuseAnswer>('unsure');
  const [busy, setBusy] = useState(false);
  const choose = async (choice: StateName) => {
    if (busy) return;
    setBusy(true);
    const p = await ask.apply();
    const score = scorePrediction(p, choice, fuse === 'unsure' ? undefined : fuse === 'yes');
    recordAnswer({ correct: score.correct, choice, answer: p.answer, reason: score.reason });
  };
  return (
    <section className="hs-panel hs-predict__prompt" data-testid="predict-prompt" aria-label={t('predict.ask')}>
      <p className="hs-predict__ask" role="status">
        <strong>{t('predict.ask')}</strong> {t('predict.now', { state: t(stateKey(simple, ask.from)) })}
      </p>
      <div className="hs-predict__choices" role="group" aria-label={t('predict.ask')}>
        {ask.choices.map((c) => (
          <button
            key={c}
            type="button"
            className="hs-btn"
            data-testid="predict-choice"
            data-choice={c}
            disabled={busy}
            onClick={() => void choose(c)}
          >
            {t(stateKey(simple, c))}
          </button>
        ))}
      </div>
      {!simple && (
        <fieldset className="hs-predict__fuse">
          <legend>{t('predict.fuse')}</legend>
          <FuseRadios name="predict-fuse" value={fuse} onPick={setFuse} />
        </fieldset>
      )}
    </section>
  );
}

/** Which step the run goes on from (`data-choice=<n>`): no fuse question, a restart trips none. */
function StepPrompt({ ask, steps }: { ask: Ask; steps: readonly number[] }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const choose = async (step: number) => {
    if (busy) return;
    setBusy(true);
    const p = await ask.apply();
    const score = scoreStep(p, step);
    recordAnswer({ correct: score.correct, choice: step, answer: p.steps?.answer ?? 0, reason: score.reason });
  };
  return (
    <section className="hs-panel hs-predict__prompt" data-testid="predict-prompt" aria-label={t('predict.askStep')}>
      <p className="hs-predict__ask" role="status">
        <strong>{t('predict.askStep')}</strong>
      </p>
      <div className="hs-predict__choices" role="group" aria-label={t('predict.askStep')}>
        {steps.map((n) => (
          <button
            key={n}
            type="button"
            className="hs-btn"
            data-testid="predict-choice"
            data-choice={n}
            disabled={busy}
            onClick={() => void choose(n)}
          >
            {t('predict.step', { n })}
          </button>
        ))}
      </div>
    </section>
  );
}

function Result() {
  const t = useT();
  const r = useSelector(predictor, (s) => s.context.result)!;
  const simple = useSimStore((s) => isSimpleMachine(s.sim.machine));
  return (
    <section
      className={`hs-panel hs-predict__result hs-predict__result--${r.correct ? 'right' : 'wrong'}`}
      data-testid="predict-result"
      data-correct={r.correct ? 'true' : 'false'}
      data-answer={r.answer}
      role="status"
    >
      {/* The reason opens with right or wrong (scorePrediction), then the answer and why. */}
      <p>
        <strong>{t(r.reason)}</strong>
      </p>
      <p>
        {t('predict.you', {
          choice: typeof r.choice === 'number' ? t('predict.step', { n: r.choice }) : t(stateKey(simple, r.choice)),
        })}
      </p>
      <button type="button" className="hs-btn" data-testid="btn-predict-close" onClick={dismissResult}>
        {t('predict.close')}
      </button>
    </section>
  );
}
