import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { runHarness as runAnywhere, type HarnessOptions, type HarnessResult } from './harness.js';

/**
 * harness-core/node: everything of the main entry, plus the file store, which imports node:fs
 * and so must never reach a page's bundle (the main entry, index.ts, keeps it out).
 */
export * from './index.js';
export { createFileStore } from './stores/fileStore.js';

/**
 * The main entry's `runHarness`, whose default `owner` names this host and process
 * (`host:pid:uuid`), so another process refused the run (E706) reads who holds it.
 */
export function runHarness(opts: HarnessOptions): Promise<HarnessResult> {
  return runAnywhere({ ...opts, owner: opts.owner ?? `${hostname()}:${process.pid}:${randomUUID()}` });
}
