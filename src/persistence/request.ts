/** Asking IndexedDB for the page's database, and the names it and its tabs' channels go by. */

/**
 * The folder the page is served from (`/` at a host's root; `/` too where there is no page).
 * Two copies of the build under different folders of one host (two courses) must never see each
 * other's runs, so the database, the tab channels and the run locks are named from it: at the
 * root the names are the plain ones, elsewhere they carry the folder.
 */
export const SITE_PATH = typeof location === 'undefined' ? '/' : new URL('.', location.href).pathname;

/** `name` for the site under `path`: itself at the root, `name@/folder/` elsewhere. */
export const sited = (name: string, path = SITE_PATH): string => (path === '/' ? name : `${name}@${path}`);

export const DB_NAME = sited('harness-sim');
export const STORE_NAME = 'records';

/**
 * Opens `dbName`, creating its one object store on the first visit. Unlike a bare `open`, a
 * blocked open rejects instead of waiting forever.
 */
export function requestDatabase(factory: IDBFactory, dbName = DB_NAME, storeName = STORE_NAME): Promise<IDBDatabase> {
  const request = factory.open(dbName);
  request.onupgradeneeded = () => request.result.createObjectStore(storeName);
  return new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () =>
      reject(new DOMException(`Opening database "${dbName}" is blocked by another tab.`, 'BlockedError'));
  });
}
