import type { CheckpointStore, Lease } from './types.js';

/** A lease kept alive while a run works: `stop` ends the renewals, `lost` says why it was lost (null while held). */
export interface KeptLease {
  stop(): void;
  lost(): string | null;
}

/**
 * Renews `lease` every `everyMs` (a third of its time, 10 s by default) while a long call runs,
 * so the run is not taken over in the middle of it. A refused renewal (E706: another holder took
 * the run) stops the renewals and is kept for `lost()`: the harness must stop before its next
 * side effect. A renewal that failed for storage (E705) is tried again at the next beat. The
 * timer never keeps a Node process alive by itself.
 */
export function keepLease(store: CheckpointStore, lease: Lease, everyMs = 10_000): KeptLease {
  let lost: string | null = null;
  let busy = false;
  const timer = setInterval(() => {
    if (busy || lost) return;
    busy = true;
    void store
      .renew(lease)
      .then((r) => {
        if (!r.ok && r.code !== 'E705') {
          lost = r.message;
          clearInterval(timer);
        }
      })
      .finally(() => (busy = false));
  }, everyMs);
  (timer as { unref?: () => void }).unref?.();
  return { stop: () => clearInterval(timer), lost: () => lost };
}
