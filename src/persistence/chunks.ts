import { part } from '../i18n/en.errors';
import { cyrb53, utf8Length } from '../engine';
import {
  CHUNK_ROWS_OF,
  CHUNK_SCHEMA,
  STORED_CHECKPOINT_SCHEMA,
  checkChunk,
  type Chain,
  type ChunkRecord,
} from './records';
import type { SkipKind } from './types';

/**
 * Why chunks: every checkpoint carries the whole ledger and refs, so storing each one whole
 * grows with the square of the steps. Both arrays only grow, so their rows are cut into full
 * chunks of CHUNK_ROWS, each addressed by the hash of its content and its predecessor's hash
 * (a hash chain, as git links commits). Consecutive checkpoints then share every chunk but the
 * newest, and a record holds one head hash and at most CHUNK_ROWS - 1 tail rows: storage grows
 * linearly with the steps, and a record stays small however long the run.
 * 16 rows (stored-checkpoint/2; v1 used 64): every record repeats its tail, so a smaller tail
 * keeps growth linear (docs/BENCHMARKS.md: stored bytes growth).
 */
export const CHUNK_ROWS: number = CHUNK_ROWS_OF[STORED_CHECKPOINT_SCHEMA];

/**
 * A chunk's address: its cyrb53 (harness-core's) in base 36, short keys keeping every record
 * small. A content address inside one run, where a few thousand chunks make a collision about 1
 * in 10^9; a read re-hashes each chunk, so damage is caught, not trusted.
 */
export const contentKey = (json: string): string => cyrb53(json).toString(36);

/** A chunk ready to store: its hash (key) and its record. */
export interface NewChunk {
  hash: string;
  record: ChunkRecord;
  bytes: number;
}

/** What hashing a chunk found, kept so the next checkpoint, sharing the chunk, skips the work. */
interface Hashed {
  hash: string;
  bytes: number;
  /** UTF-8 bytes of its rows' JSON (the array brackets included). */
  rowsBytes: number;
}

/**
 * Remembers chunk hashes by content. Each checkpoint of a long run repeats all its chunks:
 * looking one up by its JSON (hashed natively by the Map) is far cheaper than cyrb53 and a
 * UTF-8 count in script, which only a new chunk then pays.
 */
export class ChunkCache {
  private readonly seen = new Map<string, Hashed>();
  constructor(private readonly limit = 8192) {}
  hashed(prev: string | null, rowsJson: string): Hashed {
    const id = `${prev ?? ''}|${rowsJson}`;
    let h = this.seen.get(id);
    if (!h) {
      // Exactly JSON.stringify({ schema, prev, rows }): the text a read re-hashes to verify.
      const json = `{"schema":${JSON.stringify(CHUNK_SCHEMA)},"prev":${JSON.stringify(prev)},"rows":${rowsJson}}`;
      h = { hash: contentKey(json), bytes: utf8Length(json), rowsBytes: utf8Length(rowsJson) };
      if (this.seen.size >= this.limit) this.seen.clear();
      this.seen.set(id, h);
    }
    return h;
  }
}

/**
 * Cuts `rows` into a chain: the full chunks oldest first, the chain a record points to, and
 * the UTF-8 size of `JSON.stringify(rows)` (summed from the parts, not serialized again).
 */
export function chainOf(
  rows: readonly unknown[],
  cache = new ChunkCache(),
  size = CHUNK_ROWS,
): { chain: Chain; chunks: NewChunk[]; bytes: number } {
  const chunks: NewChunk[] = [];
  let prev: string | null = null;
  let inner = 0;
  let parts = 0;
  const full = rows.length - (rows.length % size);
  for (let i = 0; i < full; i += size) {
    const slice = rows.slice(i, i + size);
    const h = cache.hashed(prev, JSON.stringify(slice));
    chunks.push({ hash: h.hash, record: { schema: CHUNK_SCHEMA, prev, rows: slice }, bytes: h.bytes });
    prev = h.hash;
    inner += h.rowsBytes - 2;
    parts++;
  }
  const tail = rows.slice(full);
  if (tail.length > 0) {
    inner += utf8Length(JSON.stringify(tail)) - 2;
    parts++;
  }
  // "[" + the parts' rows joined by "," + "]".
  const bytes = 2 + inner + Math.max(0, parts - 1);
  return { chain: { head: prev, chunks: chunks.length, tail }, chunks, bytes };
}

export type ChunkRead = { ok: true; record: ChunkRecord } | { ok: false; kind: SkipKind; why: string };

/**
 * Reads and verifies chunks by hash, each once (a run's checkpoints share most of theirs).
 * A chunk is re-hashed on read: one whose content no longer matches its key is damage, not data.
 */
export function chunkReader(load: (hash: string) => Promise<unknown>): (hash: string) => Promise<ChunkRead> {
  const seen = new Map<string, Promise<ChunkRead>>();
  const verify = async (hash: string): Promise<ChunkRead> => {
    const value = await load(hash);
    if (value === undefined) return { ok: false, kind: 'missing', why: part('why.chunkMissing') };
    const c = checkChunk(value);
    if (!c.ok) return { ok: false, kind: c.kind, why: c.reason };
    if (contentKey(c.json) !== hash) return { ok: false, kind: 'corrupt', why: part('why.chunkHash') };
    return { ok: true, record: c.value };
  };
  return (hash) => {
    let p = seen.get(hash);
    if (!p) seen.set(hash, (p = verify(hash)));
    return p;
  };
}

type ChainRead = { ok: true; rows: unknown[] } | { ok: false; kind: SkipKind; hash: string; why: string };

/**
 * Follows a chain from its head back to its first chunk; returns all its rows in order. `size`
 * is the rows per chunk the record's version implies (a chunk's hash does not say it).
 */
export async function readChain(
  chain: Chain,
  read: (hash: string) => Promise<ChunkRead>,
  size = CHUNK_ROWS,
): Promise<ChainRead> {
  const parts: unknown[][] = [chain.tail];
  let hash = chain.head;
  for (let i = 0; i < chain.chunks; i++) {
    if (hash === null) return { ok: false, kind: 'corrupt', hash: '-', why: part('why.chainShort', i, chain.chunks) };
    const c = await read(hash);
    if (!c.ok) return { ...c, hash };
    if (c.record.rows.length !== size)
      return { ok: false, kind: 'corrupt', hash, why: part('why.chunkRows', c.record.rows.length, size) };
    parts.push(c.record.rows);
    hash = c.record.prev;
  }
  if (hash !== null) return { ok: false, kind: 'corrupt', hash, why: part('why.chainLong', chain.chunks) };
  return { ok: true, rows: parts.reverse().flat() };
}
