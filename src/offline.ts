import { create } from 'zustand';

/**
 * Registers the build's service worker (vite-plugin-pwa in vite.config.ts), which precaches the
 * whole build so the page works offline after its first visit. Production only: the dev server
 * has no worker. It waits for the page's load and an idle moment, so the worker's precache
 * downloads never compete with the first screen. Where there is no service worker (plain http
 * off localhost is not a secure context) the page simply stays online-only.
 *
 * A new build installs beside the old one and waits (`skipWaiting: false`): an open lesson never
 * asks for a chunk the update removed. A tab that is only ever reloaded (a projector's) would keep
 * the old build for as long as any tab of it is open, so the page says when a new version is
 * waiting (`useUpdateReady`), and `activateUpdate` lets it take over and reloads the page on it
 * (the prompt flow of vite-plugin-pwa, on Workbox's own SKIP_WAITING message).
 */

/** The new version's worker that has installed and waits, if any (set by `watch` only). */
export const useUpdateReady = create<{ waiting: ServiceWorker | null }>()(() => ({ waiting: null }));

/** The waiting version takes over, and the page reloads on it once it controls the page. */
export function activateUpdate(): void {
  const { waiting } = useUpdateReady.getState();
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** Watches `reg` for a new worker that has installed while an old one controls the page. */
function watch(reg: ServiceWorkerRegistration) {
  // The first install is no update: nothing controlled the page before it.
  const seen = (w: ServiceWorker | null) => {
    if (w && w.state === 'installed' && navigator.serviceWorker.controller) useUpdateReady.setState({ waiting: w });
  };
  seen(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const w = reg.installing;
    w?.addEventListener('statechange', () => seen(w));
  });
}

export function registerOffline(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}sw.js`)
      .then(watch)
      .catch((e: unknown) => {
        console.warn('Harness Sim: offline copy unavailable:', e);
      });
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(register) : setTimeout(register, 500));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
