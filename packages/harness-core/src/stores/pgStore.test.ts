import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgStore } from '../postgres.js';
import { plans, runCheckpoints } from './fixtures.test-kit.js';
import { postgresBin, startCluster, type Cluster } from './postgres.test-kit.js';
import { cutCheckpoint, SegmentCache } from './segments.js';
import { ledgerSuite } from './ledgerSuite.test-kit.js';
import { runnerSuite } from './runner.test-kit.js';
import { storeSuite, type StoreUnderTest } from './suite.js';

/**
 * The store suite on a real PostgreSQL this file starts (postgres.test-kit.ts), each test in a
 * schema of its own; `reopen` is a second pool, as a second worker would hold: two holders of one
 * run through two pools, exactly one makes progress. Skipped, saying why, only when no
 * PostgreSQL binaries are installed.
 */

const found = postgresBin();
let cluster: Cluster | undefined;
const pools: pg.Pool[] = [];
const clients = new Set<pg.PoolClient>();
/** Errors an idle pooled connection raised before the teardown: the suite fails on any. */
const idleErrors: Error[] = [];
let stopping = false;
let n = 0;

const poolFor = (schema: string): pg.Pool => {
  if (!cluster) throw new Error('no cluster');
  const pool = new pg.Pool({
    host: '127.0.0.1',
    port: cluster.port,
    user: 'postgres',
    database: 'postgres',
    max: 4,
    options: `-c search_path=${schema}`,
  });
  // pg.Pool re-emits an idle connection's error, and an 'error' nobody listens to kills the
  // process: the stop below ends the server under connections `end()` has not yet closed.
  pool.on('error', (e) => {
    if (!stopping) idleErrors.push(e);
  });
  pool.on('connect', (c) => {
    clients.add(c);
    c.once('end', () => clients.delete(c));
  });
  pools.push(pool);
  return pool;
};

if ('reason' in found) {
  console.log(`PostgreSQL store suite skipped: ${found.reason}`);
  it.skip(`PostgreSQL store suite (${found.reason})`, () => undefined);
} else {
  beforeAll(async () => {
    cluster = await startCluster(found.bin);
  }, 180_000);
  afterAll(async () => {
    // Pool.end() resolves once its clients are asked to end, not once their sockets close.
    const closed = [...clients].map((c) => new Promise((r) => c.once('end', r)));
    await Promise.all(pools.map((p) => p.end()));
    await Promise.race([Promise.all(closed), new Promise((r) => setTimeout(r, 5_000))]);
    stopping = true;
    await cluster?.stop();
    expect(idleErrors).toEqual([]);
  }, 60_000);

  const make = async (): Promise<StoreUnderTest> => {
    const schema = `t${++n}`;
    const admin = poolFor('public');
    await admin.query(`CREATE SCHEMA ${schema}`);
    const pool = poolFor(schema);
    const store = createPgStore({ pool, plans });
    return {
      store,
      reopen: async () => createPgStore({ pool: poolFor(schema), plans }),
      async corrupt(runId, seq, contents) {
        await store.seqs(runId); // the tables exist
        await pool.query('INSERT INTO harness_checkpoints (run_id, seq, body) VALUES ($1, $2, $3)', [
          runId,
          seq,
          contents,
        ]);
      },
      cleanup: async () => undefined,
    };
  };
  storeSuite('PostgreSQL store', make);
  runnerSuite('PostgreSQL store', make);
  ledgerSuite('PostgreSQL store', make);

  describe('the PostgreSQL store in the database', () => {
    const A = runCheckpoints('run-a');
    it('keeps each checkpoint as a row of the codec text; two workers creating the tables at once do not clash', async () => {
      const schema = `t${++n}`;
      await poolFor('public').query(`CREATE SCHEMA ${schema}`);
      const [one, two] = [
        createPgStore({ pool: poolFor(schema), plans }),
        createPgStore({ pool: poolFor(schema), plans }),
      ];
      expect(await Promise.all([one.seqs('run-a'), two.seqs('run-a')])).toEqual([[], []]);
      expect(await one.put(A[0]!)).toEqual({ ok: true });
      const rows = await poolFor(schema).query('SELECT run_id, seq, body FROM harness_checkpoints');
      const body = JSON.stringify(cutCheckpoint(A[0]!, new SegmentCache()).record);
      expect(rows.rows).toEqual([{ run_id: 'run-a', seq: '1', body }]);
    });
  });
}
