import { useSimStore } from '../store/simStore';
import { useT } from './useT';

/** Whether the browser promised to keep this origin's storage (`navigator.storage.persist()`). */
export function StoragePersisted() {
  const t = useT();
  const persisted = useSimStore((s) => s.persisted);
  const status = useSimStore((s) => s.storage.status);
  if (persisted === null || status === 'memory') return null;
  return (
    <span
      className="hs-badge"
      data-testid="storage-persisted"
      data-persisted={String(persisted)}
      title={t(`storage.persisted.${persisted}`)}
    >
      {t(`storage.persisted.short.${persisted}`)}
    </span>
  );
}
