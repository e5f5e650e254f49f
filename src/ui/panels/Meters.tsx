import { memo } from 'react';
import { timeOfDay } from '../../engine';
import { formatClock, formatInt } from '../../i18n';
import { bytesAt, momentView, stepsAtRisk, useSimStore } from '../../store/simStore';
import { useT } from '../useT';

/** Virtual clock, tokens, steps wasted, checkpoints and bytes written, steps at risk: at the moment shown. */
export const Meters = memo(function Meters() {
  const t = useT();
  // The moment shown: the live run, or the past moment the timeline shows (store/seek.ts).
  const view = useSimStore(momentView);
  const lang = useSimStore((s) => s.lang);
  const bytesWritten = useSimStore(bytesAt);
  const atRisk = useSimStore(stepsAtRisk);
  return (
    <section className="hs-meters" aria-label={t('panel.meters')}>
      <Meter
        label={t('meter.clock')}
        testId="virtual-clock"
        value={formatClock(lang, view.clock)}
        day={timeOfDay(view.clock).day}
        minutes={timeOfDay(view.clock).minutes}
      />
      <Meter label={t('meter.tokens')} testId="token-meter" value={formatInt(view.tokens)} />
      <Meter label={t('meter.wasted')} testId="steps-wasted" value={formatInt(view.wasted)} />
      <Meter
        label={t('meter.checkpoints')}
        testId="checkpoint-count"
        value={formatInt(view.checkpointing ? view.context.seq : 0)}
      />
      <Meter label={t('meter.bytes')} testId="bytes-written" value={formatInt(bytesWritten)} />
      <Meter label={t('cp.lost')} testId="steps-at-risk" value={formatInt(atRisk)} />
    </section>
  );
});

/**
 * One figure; memoised, so a tick redraws only the figures that moved. The clock also carries
 * its day and minutes since that day's midnight (`data-day`, `data-minutes`) for tests.
 */
const Meter = memo(function Meter({
  label,
  value,
  testId,
  day,
  minutes,
}: {
  label: string;
  value: string;
  testId: string;
  day?: number;
  minutes?: number;
}) {
  return (
    <div className="hs-meter">
      <span className="hs-meter__label">{label}</span>
      <span className="hs-meter__value" data-testid={testId} data-day={day} data-minutes={minutes}>
        {value}
      </span>
    </div>
  );
});
