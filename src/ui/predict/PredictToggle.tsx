import { Suspense, lazy, memo } from 'react';
import { useSelector } from '@xstate/react';
import { predictor, setPredictOn } from '../../store/predict';
import { useT } from '../useT';
import { Toggle } from '../controls/Toggle';
import './predict.css';

/** The prompt and the reveal load only once predict is on (a lesson turns it on). */
const PredictPanel = lazy(() => import('./PredictPanel').then((m) => ({ default: m.PredictPanel })));

/** `toggle-predict` (ui-contract) and the tab's score beside it; the prompt shows under it. */
export const PredictToggle = memo(function PredictToggle() {
  const t = useT();
  const on = useSelector(predictor, (s) => s.matches('on'));
  const { right, asked } = useSelector(predictor, (s) => s.context.score);
  return (
    <div className="hs-predict">
      <div className="hs-predict__bar">
        <Toggle
          testId="toggle-predict"
          label="predict.toggle"
          className="hs-predict__toggle"
          checked={on}
          onChange={setPredictOn}
        />
        {asked > 0 && (
          <span className="hs-predict__score" data-testid="predict-score" data-right={right} data-asked={asked}>
            {t('predict.score', { right, asked })}
          </span>
        )}
      </div>
      {on && (
        <Suspense>
          <PredictPanel />
        </Suspense>
      )}
    </div>
  );
});
