import { useEffect, useState } from 'react';

/**
 * `ready`: a service worker controls the page, so the whole build is precached (it took control
 * only after installing every file) and the page works with the network gone; `pending`: it is
 * still being saved; `unavailable`: no worker here (the dev server, or plain http off localhost).
 */
type OfflineStatus = 'ready' | 'pending' | 'unavailable';

const container = (): ServiceWorkerContainer | undefined =>
  import.meta.env.PROD && typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;

/** Whether this page would keep working offline, updated when the worker takes control. */
export function useOfflineStatus(): OfflineStatus {
  const [status, setStatus] = useState<OfflineStatus>(() => {
    const sw = container();
    return !sw ? 'unavailable' : sw.controller ? 'ready' : 'pending';
  });
  useEffect(() => {
    const sw = container();
    if (!sw) return;
    const update = () => setStatus(sw.controller ? 'ready' : 'pending');
    update();
    sw.addEventListener('controllerchange', update);
    return () => sw.removeEventListener('controllerchange', update);
  }, []);
  return status;
}
