/** The storage layer's public surface: the page's store (harness-core's interface and the run index), its two implementations, tabs. */
export {
  type CheckpointSummary,
  type CreateRunResult,
  type NewRun,
  type PageStore,
  type PutResult,
  type RunBatch,
  type RunMeta,
  type Skipped,
  type Writer,
} from './types';
export { openCheckpointStore, type OpenedStore } from './open';
export { leaseLocks } from './lease';
export { openDatabase } from './idbStore';
export { createMemoryStore } from './memoryStore';
export { fileTooBig } from './records';
export { storageError } from './errors';
export { loadTransfer } from './recordStore';
export { checkpointAt } from './stored';
export { LESSON_RUN_PREFIX } from './keys';
export { joinRun, type TabRole, type TabSession } from './tabs';
