import { describe, expect, it } from 'vitest';
import { serializeCheckpoint } from '../checkpoint.js';
import { MAX_CHECKPOINT_BYTES, type Checkpoint, type LedgerRow } from '../checkpointShape.js';
import { runCheckpoints } from './fixtures.test-kit.js';
import { SEGMENT_ROWS, STORED_CHECKPOINT_SCHEMA } from './segments.js';
import type { StoreUnderTest } from './suite.js';

/**
 * Test-only: the ledger kept apart from the checkpoint (issue 44, defect 6), on each of the
 * package's stores (file, IndexedDB, PostgreSQL). A checkpoint whose whole ledger is over the
 * 1 MiB cap is kept (its record holds the position, its ledger lies in segments) and reads back
 * whole, after a restart too; a record of schema /1 (the ledger inline, as 0.1 wrote them) still
 * reads; a record whose segments are missing is damage (E703), never a shorter ledger.
 */

const RUN = 'run-long';

/** The run's fifth checkpoint with `extra` more failed attempts at step 1 before its own rows. */
export function withLongLedger(extra: number, seq = 5): Checkpoint {
  const base = runCheckpoints(RUN)[seq - 1] as Checkpoint;
  const rows: LedgerRow[] = Array.from({ length: extra }, (_, i) => ({
    step: 1,
    attempt: i + 1,
    outcome: 'error',
    at: i,
    error: { type: 'timeout', message: `attempt ${i + 1} timed out waiting for the tool to answer` },
  }));
  return { ...base, ledger: [...rows, ...base.ledger] };
}

export function ledgerSuite(name: string, make: () => Promise<StoreUnderTest>): void {
  describe(`${name}: the ledger kept apart from the checkpoint`, () => {
    it('keeps a checkpoint whose whole ledger is over 1 MiB, and reads it back whole after a restart', async () => {
      const t = await make();
      try {
        const big = withLongLedger(12_000);
        expect(serializeCheckpoint(big).length).toBeGreaterThan(MAX_CHECKPOINT_BYTES);
        expect(await t.store.put(big)).toMatchObject({ ok: true });
        // The next checkpoint shares every segment and adds rows after them.
        const next = { ...big, seq: 6, ledger: [...big.ledger, { ...(big.ledger.at(-1) as LedgerRow), at: 99 }] };
        expect(await t.store.put(next)).toMatchObject({ ok: true });
        const again = await t.reopen();
        const got = await again.get(RUN, 5);
        expect(got).toMatchObject({ ok: true });
        expect(got?.ok && got.checkpoint.ledger).toEqual(big.ledger);
        const latest = await again.latest(RUN);
        expect([latest.checkpoint?.seq, latest.checkpoint?.ledger.length, latest.skipped]).toEqual([
          6,
          next.ledger.length,
          [],
        ]);
        // And a write after the restart adds to the same run.
        const third = { ...next, seq: 7, ledger: [...next.ledger, { ...(next.ledger.at(-1) as LedgerRow), at: 100 }] };
        expect(await again.put(third)).toMatchObject({ ok: true });
        expect((await t.reopen().then((s) => s.latest(RUN))).checkpoint?.ledger).toEqual(third.ledger);
      } finally {
        await t.cleanup();
      }
    });

    it('reads a record of schema /1, its whole ledger inline', async () => {
      const t = await make();
      try {
        const v1 = withLongLedger(SEGMENT_ROWS * 2 + 3);
        await t.corrupt(RUN, 5, serializeCheckpoint(v1));
        const got = await t.store.get(RUN, 5);
        expect(got?.ok && got.checkpoint.ledger).toEqual(v1.ledger);
      } finally {
        await t.cleanup();
      }
    });

    it('a record whose segment is missing is damaged (E703), never read as a shorter ledger', async () => {
      const t = await make();
      try {
        const cp = withLongLedger(SEGMENT_ROWS);
        const record = {
          ...cp,
          schema: STORED_CHECKPOINT_SCHEMA,
          ledger: cp.ledger.slice(SEGMENT_ROWS),
          segments: { count: SEGMENT_ROWS, hash: 'a'.repeat(22) },
        };
        await t.corrupt(RUN, 5, JSON.stringify(record));
        const got = await t.store.get(RUN, 5);
        expect(got).toMatchObject({ ok: false, skipped: { code: 'E703' } });
        expect(got?.ok === false && got.skipped.message).toContain(`its ledger segment ${'a'.repeat(22)} is missing`);
      } finally {
        await t.cleanup();
      }
    });
  });
}
