/**
 * harness-core/postgres: the PostgreSQL store (stores/pgStore.ts). A module of its own so that a
 * page and a file-store harness never load it; it imports only the types of `pg` (an optional
 * peer dependency): the caller makes the `pg.Pool` and passes it in.
 */
export { createPgStore, PG_SCHEMA, type PgStoreOptions } from './stores/pgStore.js';
