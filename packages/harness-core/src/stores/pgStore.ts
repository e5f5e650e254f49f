import type { Pool, PoolClient } from 'pg';
import {
  acquireRefusal,
  judge,
  latestMovingAside,
  notNewer,
  prepare,
  readValue,
  reasonOf,
  segmentKey,
  segmentsToKeep,
  storeFailure,
  usedRunId,
  writeRefusal,
  type LeaseRecord,
} from './records.js';
import { SegmentCache } from './segments.js';
import {
  LEASE_TTL_MS,
  type AcquireOptions,
  type CheckpointStore,
  type Latest,
  type Lease,
  type LeaseResult,
  type PutResult,
  type StoreOptions,
} from './types.js';

/**
 * The PostgreSQL store, for harnesses that run many workers on many machines (issue 44): through
 * the `pg` client's `Pool`, which the caller makes, configures and ends (this module imports
 * only its types, so `pg` is an optional peer dependency and the main entry never loads it).
 *
 * Four tables, created when missing (`PG_SCHEMA`, under an advisory lock so two workers starting
 * at once do not race): `<prefix>runs`, one row per run holding its lease (holder, fencing
 * counter, lapse time by the database's clock); `<prefix>checkpoints`, one row per checkpoint,
 * its body the codec's text (text, not jsonb, so what was written is what is read, byte for
 * byte); `<prefix>segments`, the run's ledger cut into segments keyed by their hash (segments.ts:
 * a checkpoint's body keeps only the rows after them, so it stays small); `<prefix>damaged`, where `latest` moves a damaged row newer than the one it stands on.
 * The fence is the database's: every write, acquisition and renewal locks the run's row
 * (`SELECT … FOR UPDATE`) in its transaction, so the lease check, the sequence guard and the
 * insert are one step for every worker. A commit is durable (PostgreSQL's default
 * `synchronous_commit`).
 */

/** The schema, with `{p}` for the table prefix. */
export const PG_SCHEMA = `
CREATE TABLE IF NOT EXISTS {p}runs (
  run_id text PRIMARY KEY,
  token bigint NOT NULL DEFAULT 0,
  owner text,
  expires_at timestamptz,
  released boolean NOT NULL DEFAULT false
);
CREATE TABLE IF NOT EXISTS {p}checkpoints (
  run_id text NOT NULL,
  seq bigint NOT NULL,
  body text NOT NULL,
  PRIMARY KEY (run_id, seq)
);
CREATE TABLE IF NOT EXISTS {p}segments (
  run_id text NOT NULL,
  hash text NOT NULL,
  body text NOT NULL,
  PRIMARY KEY (run_id, hash)
);
CREATE TABLE IF NOT EXISTS {p}damaged (
  id bigserial PRIMARY KEY,
  run_id text NOT NULL,
  seq bigint NOT NULL,
  body text NOT NULL,
  moved_at timestamptz NOT NULL DEFAULT now()
);`;

export interface PgStoreOptions extends StoreOptions {
  /** The caller's pool (`new pg.Pool(…)`); the store never ends it. */
  pool: Pool;
  /** Table name prefix, `harness_` by default: lower-case letters, digits and `_`. */
  prefix?: string;
}

type Row = { token: string; owner: string | null; released: boolean; live: boolean | null };

export function createPgStore(opts: PgStoreOptions): CheckpointStore {
  const { pool, plans } = opts;
  const p = opts.prefix ?? 'harness_';
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(p))
    throw new Error(`harness-core: table prefix ${JSON.stringify(p)} is not a-z, 0-9, _`);
  const T = { runs: `${p}runs`, cps: `${p}checkpoints`, segments: `${p}segments`, damaged: `${p}damaged` };
  const segmentCache = new SegmentCache();
  /** Segments this instance wrote, so the next checkpoint writes only its new ones. */
  const known = new Set<string>();
  const whereOf = (runId: string, seq: number) => `${T.cps}/${JSON.stringify(runId)}/${seq}`;
  const ttls = new Map<string, number>();

  let ready: Promise<void> | undefined;
  const ensureSchema = (): Promise<void> =>
    (ready ??= inTx(async (c) => {
      await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`harness-core schema ${p}`]);
      await c.query(PG_SCHEMA.replaceAll('{p}', p));
    }).catch((e: unknown) => {
      ready = undefined;
      throw e;
    }));

  async function inTx<R>(body: (c: PoolClient) => Promise<R>): Promise<R> {
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      const out = await body(c);
      await c.query('COMMIT');
      return out;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  }
  const run = async <R>(body: (c: PoolClient) => Promise<R>): Promise<R> => {
    await ensureSchema();
    return inTx(body);
  };

  /** The run's row, locked for this transaction (made first if missing); `made` when it was. */
  async function lockRun(c: PoolClient, runId: string) {
    const made = await c.query(`INSERT INTO ${T.runs} (run_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING run_id`, [
      runId,
    ]);
    const r = await c.query<Row>(
      `SELECT token, owner, released, expires_at > clock_timestamp() AS live FROM ${T.runs} WHERE run_id = $1 FOR UPDATE`,
      [runId],
    );
    const row = r.rows[0] as Row;
    const token = Number(row.token);
    const rec: LeaseRecord | undefined =
      token > 0 && row.owner !== null
        ? { owner: row.owner, token, released: row.released, expires: row.live ? Infinity : 0 }
        : undefined;
    return {
      made: (made.rowCount ?? 0) > 0,
      token,
      rec,
      live: rec !== undefined && !rec.released && row.live === true,
    };
  }
  const lapse = (c: PoolClient, runId: string, ttlMs: number, released = false) =>
    c.query(
      `UPDATE ${T.runs} SET expires_at = clock_timestamp() + make_interval(secs => $2::float8 / 1000), released = $3 WHERE run_id = $1`,
      [runId, ttlMs, released],
    );

  async function acquire(runId: string, owner: string, o: AcquireOptions = {}): Promise<LeaseResult> {
    const ttlMs = o.ttlMs ?? LEASE_TTL_MS;
    try {
      return await run(async (c): Promise<LeaseResult> => {
        const held = await lockRun(c, runId);
        if (o.fresh) {
          const any = await c.query(
            `SELECT 1 FROM ${T.cps} WHERE run_id = $1 UNION ALL SELECT 1 FROM ${T.damaged} WHERE run_id = $1 LIMIT 1`,
            [runId],
          );
          if (!held.made || (any.rowCount ?? 0) > 0) return usedRunId(runId);
        }
        const refused = acquireRefusal(runId, held.rec, held.live, o.steal === true);
        if (refused) return refused;
        const r = await c.query<{ token: string }>(
          `UPDATE ${T.runs} SET token = token + 1, owner = $2, released = false,
             expires_at = clock_timestamp() + make_interval(secs => $3::float8 / 1000)
           WHERE run_id = $1 RETURNING token`,
          [runId, owner, ttlMs],
        );
        ttls.set(runId, ttlMs);
        return { ok: true, lease: { runId, owner, token: Number(r.rows[0]?.token) } };
      });
    } catch (e) {
      return storeFailure('E705', `${reasonOf(e)}, taking a lease on run ${JSON.stringify(runId).slice(0, 80)}`);
    }
  }

  async function touchLease(lease: Lease, released: boolean): Promise<PutResult> {
    try {
      return await run(async (c): Promise<PutResult> => {
        const held = await lockRun(c, lease.runId);
        const refused = writeRefusal(lease.runId, held.rec, held.live, lease);
        if (refused) return refused;
        await lapse(c, lease.runId, ttls.get(lease.runId) ?? LEASE_TTL_MS, released);
        return { ok: true };
      });
    } catch (e) {
      return storeFailure(
        'E705',
        `${reasonOf(e)}, writing the lease of run ${JSON.stringify(lease.runId).slice(0, 80)}`,
      );
    }
  }

  async function put(cp: Parameters<CheckpointStore['put']>[0], lease?: Lease): Promise<PutResult> {
    const prepared = prepare(cp, plans, lease, segmentCache);
    if (!prepared.ok) return prepared;
    const { runId, seq } = prepared.checkpoint;
    const fresh = segmentsToKeep(runId, prepared, known);
    try {
      const put = await run(async (c): Promise<PutResult> => {
        const held = await lockRun(c, runId);
        const refused = writeRefusal(runId, held.rec, held.live, lease);
        if (refused) return refused;
        const max = await c.query<{ newest: string | null }>(
          `SELECT max(seq) AS newest FROM ${T.cps} WHERE run_id = $1`,
          [runId],
        );
        const newest = Number(max.rows[0]?.newest ?? 0);
        if (seq <= newest) return notNewer(runId, seq, newest);
        // The body and its new segments commit together; a segment kept already is the same text.
        if (fresh.length > 0)
          await c.query(
            `INSERT INTO ${T.segments} (run_id, hash, body) SELECT $1, h, b FROM unnest($2::text[], $3::text[]) AS t(h, b) ON CONFLICT DO NOTHING`,
            [runId, fresh.map((f) => f.hash), fresh.map((f) => f.text)],
          );
        await c.query(`INSERT INTO ${T.cps} (run_id, seq, body) VALUES ($1, $2, $3)`, [runId, seq, prepared.text]);
        if (lease) await lapse(c, runId, ttls.get(runId) ?? LEASE_TTL_MS);
        return { ok: true };
      });
      if (put.ok) for (const f of fresh) known.add(segmentKey(runId, f.hash));
      return put;
    } catch (e) {
      return storeFailure('E705', `${reasonOf(e)}, writing ${whereOf(runId, seq)}`);
    }
  }

  async function get(runId: string, seq: number) {
    await ensureSchema();
    const r = await pool.query<{ body: string }>(`SELECT body FROM ${T.cps} WHERE run_id = $1 AND seq = $2`, [
      runId,
      seq,
    ]);
    const row = r.rows[0];
    if (!row) return null;
    const load = async (hash: string) => {
      const seg = await pool.query<{ body: string }>(`SELECT body FROM ${T.segments} WHERE run_id = $1 AND hash = $2`, [
        runId,
        hash,
      ]);
      return seg.rows[0]?.body;
    };
    return judge(await readValue(row.body, plans, load), runId, seq, whereOf(runId, seq));
  }

  async function seqs(runId: string): Promise<number[]> {
    await ensureSchema();
    const r = await pool.query<{ seq: string }>(`SELECT seq FROM ${T.cps} WHERE run_id = $1 ORDER BY seq`, [runId]);
    return r.rows.map((row) => Number(row.seq));
  }

  /** Moves the row (runId, seq) to the damaged table, in one transaction. */
  const moveAside = (runId: string, seq: number): Promise<string> =>
    run(async (c) => {
      const r = await c.query<{ id: string }>(
        `WITH gone AS (DELETE FROM ${T.cps} WHERE run_id = $1 AND seq = $2 RETURNING run_id, seq, body)
         INSERT INTO ${T.damaged} (run_id, seq, body) SELECT run_id, seq, body FROM gone RETURNING id`,
        [runId, seq],
      );
      return `${T.damaged}/${r.rows[0]?.id ?? '?'}`;
    });

  const latest = async (runId: string): Promise<Latest> =>
    latestMovingAside(
      await seqs(runId),
      (seq) => get(runId, seq),
      (s) => moveAside(runId, Number(s.where.slice(s.where.lastIndexOf('/') + 1))),
    );

  async function runs(): Promise<string[]> {
    await ensureSchema();
    const r = await pool.query<{ run_id: string }>(`SELECT DISTINCT run_id FROM ${T.cps} ORDER BY run_id`);
    return r.rows.map((row) => row.run_id).sort();
  }

  return {
    kind: 'postgres',
    acquire,
    renew: (lease) => touchLease(lease, false),
    async release(lease) {
      await touchLease(lease, true);
    },
    put,
    get,
    seqs,
    latest,
    runs,
  };
}
