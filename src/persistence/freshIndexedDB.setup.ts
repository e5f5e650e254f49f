import { IDBFactory } from 'fake-indexeddb';

/**
 * Vitest runs the test files of a worker in one module graph (`isolate: false`, vite.config.ts),
 * so each file gets its own empty fake IndexedDB here: no file sees another's databases.
 */
globalThis.indexedDB = new IDBFactory();
