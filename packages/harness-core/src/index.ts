/**
 * harness-core: the article's harness as a library (docs/design/SPEC.md). The eight-state task
 * machine over a world the harness supplies, the step ledger, the loop guard, recovery hints,
 * the checkpoint codec, and the stores a checkpoint is kept in. This file is the entry a page
 * imports; `harness-core/node` (node.ts) adds what needs Node (the file store). Nothing imports a
 * module behind them.
 */
export * from './types.js';
export * from './world.js';
export * from './json.js';
export * from './quote.js';
export * from './errors.js';
export * from './canonical.js';
export * from './config.js';
export * from './memo.js';
export * from './channel.js';
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
