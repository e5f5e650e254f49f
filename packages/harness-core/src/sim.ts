/**
 * harness-core/sim: the simulator's entry (this repository's src/), with no promise of
 * stability: everything of the main entry, plus the eight-state task machine over a world, the
 * task's moves (inject a fault, mark a step risky, poll), the plan's revisions, the schemas,
 * the designs. A harness author imports `harness-core` (index.ts) instead.
 */
export * from './types.js';
export * from './world.js';
export * from './json.js';
export * from './hash.js';
export * from './quote.js';
export * from './errors.js';
export * from './canonical.js';
export * from './config.js';
export * from './memo.js';
export * from './channel.js';
export * from './words.js';
export * from './designs.js';
export * from './ledger.js';
export * from './loopGuard.js';
export * from './recoveryHint.js';
export * from './ranges.js';
export * from './checkpointShape.js';
export * from './schema.js';
export * from './checkpoint.js';
export * from './consistency.js';
export * from './restore.js';
export * from './plan.js';
export * from './approval.js';
export * from './task.js';
export * from './taskMachine.js';
export * from './stores/types.js';
export { createIdbStore } from './stores/idbStore.js';
export { keepLease, type KeptLease } from './stores/keepLease.js';
export { openDatabase, requestDatabase } from './stores/openDatabase.js';
export * from './harness.js';
