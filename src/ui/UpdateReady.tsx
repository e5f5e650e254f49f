import { activateUpdate, useUpdateReady } from '../offline';
import { useT } from './useT';

/**
 * `update-ready`: a new version of the site has installed and waits (offline.ts); its button
 * (`btn-update`) lets it take over and reloads the page on it. A run in progress is resumed
 * from its checkpoints after the reload, as after any reload.
 */
export function UpdateReady() {
  const t = useT();
  const ready = useUpdateReady((s) => s.waiting !== null);
  if (!ready) return null;
  return (
    <p className="hs-info hs-update" data-testid="update-ready" role="status">
      {t('update.ready')}{' '}
      <button type="button" className="hs-btn" data-testid="btn-update" onClick={activateUpdate}>
        {t('update.activate')}
      </button>
    </p>
  );
}
