import type { Backend, Tx } from './backend';
import type { ChunkCache } from './chunks';
import type { Checkpoint } from '../engine';
import type { NewRun, RunMeta } from './types';

/** What the record store lends its export and import (runTransfer.ts): its backend and rules. */
export interface StoreParts {
  backend: Backend;
  cache: ChunkCache;
  now: () => number;
  runIn: (tx: Tx, runId: string) => Promise<{ run: RunMeta | null } | { error: string }>;
  freshRun: (meta: Required<Omit<NewRun, 'design'>> & Pick<NewRun, 'design'>, createdAt?: number) => RunMeta;
  advanced: (run: RunMeta, cp: Pick<Checkpoint, 'seq' | 'state' | 'step'>, bytes: number) => RunMeta;
  /** Stores a run's index line, or throws a Refusal (E509) when it would not read back. */
  putRun: (tx: Tx, run: RunMeta) => void;
  /** The next number of the store's write counter (RunMeta.touched), staged in `tx`. */
  touch: (tx: Tx) => Promise<number>;
  writeFailure: (e: unknown, what: string) => WriteFailure;
}

/** A write that failed: refused by the store's rules (E701, nothing written) or by the disk (E705). */
export interface WriteFailure {
  code: 'E701' | 'E705';
  reason: string;
  quota: boolean;
}

/**
 * Export and import of run files (runTransfer.ts, with runFile.ts, importing.ts and
 * parseOffThread.ts): a chunk of their own, which the first screen never uses. The runs panel,
 * where a person exports and imports, asks for it as it mounts, so an import still works after
 * the page went offline without a service worker to serve the chunk.
 */
export const loadTransfer = () => import('./runTransfer');
