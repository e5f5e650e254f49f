/** The names the page's database and its tabs' channels go by (the opener: harness-core's `openDatabase`). */

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
