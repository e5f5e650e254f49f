import { useState } from 'react';
import './bidi.css';
import { downloadRun } from '../../store/files';
import { stepsAtRisk, useSimStore } from '../../store/simStore';
import { useT } from '../useT';

/**
 * Said out loud when a checkpoint write fails: what failed, what it means (play is paused, how
 * many steps a crash would lose), and what helps: write again, export the run, prune old runs.
 */
export function StorageAlert() {
  const t = useT();
  const failure = useSimStore((s) => s.writeFailure);
  const atRisk = useSimStore(stepsAtRisk);
  const [pruned, setPruned] = useState<number | null>(null);
  if (!failure) return null;
  const st = useSimStore.getState();
  const kind = failure.failure ?? 'other';
  const exportRun = async () => {
    const text = await st.exportRun();
    if (text) downloadRun(st.sim.context.runId, text);
  };
  return (
    <section className="hs-warn" role="alert" data-testid="storage-alert" data-kind={kind} data-seq={failure.seq}>
      <p>
        <strong>{t('alert.title', { seq: failure.seq })}</strong> {t(`alert.${kind}`)}
      </p>
      <p>{t('alert.meaning', { n: atRisk })}</p>
      <p>
        <button type="button" className="hs-btn" data-testid="btn-retry-write" onClick={() => st.retryWrite()}>
          {t('alert.retry')}
        </button>{' '}
        <button type="button" className="hs-btn" data-testid="btn-alert-export" onClick={() => void exportRun()}>
          {t('alert.export')}
        </button>{' '}
        {kind === 'quota' && (
          <button
            type="button"
            className="hs-btn"
            data-testid="btn-prune-runs"
            onClick={() => void st.pruneRuns().then(setPruned)}
          >
            {t('alert.prune')}
          </button>
        )}
        {pruned !== null && <span> {t('alert.pruned', { n: pruned })}</span>}
      </p>
    </section>
  );
}
