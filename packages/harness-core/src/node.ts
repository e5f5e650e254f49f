/**
 * harness-core/node: everything of the main entry, plus the file store, which imports node:fs
 * and so must never reach a page's bundle (the main entry, index.ts, keeps it out).
 */
export * from './index.js';
export { createFileStore } from './stores/fileStore.js';
