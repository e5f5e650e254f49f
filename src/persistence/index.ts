/** The storage layer's public surface: the page's store (harness-core's interface and the run index), its two implementations, tabs. */
export {
  RUN_SCHEMA,
  type CheckpointSummary,
  type CreateRunResult,
  type DeleteResult,
  type ExportResult,
  type ImportResult,
  type NewRun,
  type PageStore,
  type PutResult,
  type ReplaceResult,
  type RunBatch,
  type RunIndex,
  type RunMeta,
  type SkipKind,
  type Skipped,
  type Writer,
} from './types';
export { openCheckpointStore, type OpenOptions, type OpenedStore } from './open';
export { leaseLocks, pageLeaseLocks, HEARTBEAT_MS, LEASE_MS } from './lease';
export { DB_NAME, STORE_NAME, createIdbStore, openDatabase, type IdbStoreOptions } from './idbStore';
export { createMemoryStore } from './memoryStore';
export { type RecordStoreOptions } from './recordStore';
export { CHUNK_SCHEMA, STORED_CHECKPOINT_SCHEMA, STORED_CHECKPOINT_SCHEMA_V1 } from './records';
export { CHUNK_ROWS } from './chunks';
export { MAX_IMPORT_BYTES, fileTooBig } from './records';
export { describeError, storageError } from './errors';
export { loadTransfer } from './recordStore';
export { checkpointAt } from './stored';
export { LESSON_RUN_PREFIX } from './keys';
export {
  CHANNEL_NAME,
  joinRun,
  lockName,
  type LocksLike,
  type RoleReason,
  type TabChannel,
  type TabOptions,
  type TabRole,
  type TabSession,
  type TabStatus,
} from './tabs';
