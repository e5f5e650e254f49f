/**
 * Registers the build's service worker (vite-plugin-pwa in vite.config.ts), which precaches the
 * whole build so the page works offline after its first visit. Production only: the dev server
 * has no worker. It waits for the page's load and an idle moment, so the worker's precache
 * downloads never compete with the first screen. Where there is no service worker (plain http
 * off localhost is not a secure context) the page simply stays online-only.
 */
export function registerOffline(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`).catch((e: unknown) => {
      console.warn('Harness Sim: offline copy unavailable:', e);
    });
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(register) : setTimeout(register, 500));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
