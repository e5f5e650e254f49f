/**
 * Asking IndexedDB for the page's database, on its own so that two entries share it: the early
 * entry (src/early.ts) asks before the page's code is even compiled, and the store
 * (idbStore.ts) takes that answer instead of asking again. It imports nothing, so the early
 * entry stays a few hundred bytes.
 */

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

let early: { factory: IDBFactory; db: Promise<IDBDatabase> } | null = null;

/**
 * The early entry's open of the page's database in the page's own IndexedDB: the round trips
 * to the browser's storage (and, on a first visit, creating the database) then run while the
 * page's code is fetched and compiled, when the main thread is free to take their answers.
 * Nothing is thrown: where reading `indexedDB` itself throws, the store finds that out again.
 */
export function openEarly(): void {
  try {
    const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    if (!factory) return;
    const db = requestDatabase(factory);
    // Taken by the store, which reports a failure; never left as an unhandled rejection.
    db.catch(() => undefined);
    early = { factory, db };
  } catch {
    early = null;
  }
}

/** The early open of `dbName` in `factory`, once: a later open (after a close) asks again. */
export function takeEarly(factory: IDBFactory, dbName: string, storeName: string): Promise<IDBDatabase> | null {
  if (!early || early.factory !== factory || dbName !== DB_NAME || storeName !== STORE_NAME) return null;
  const { db } = early;
  early = null;
  return db;
}
