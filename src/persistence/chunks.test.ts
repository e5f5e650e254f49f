import { describe, expect, it } from 'vitest';
import { checkpointBytes, utf8Length, type Checkpoint } from '../engine';
import { cyrb53 } from '../engine';
import { CHUNK_ROWS, ChunkCache, chainOf, chunkReader, readChain } from './chunks';
import { prepare } from './stored';
import { checkpointsOf, idbHarness } from './harness.test-kit';

/** Stores every checkpoint of a whole run; what the run then weighs in storage. */
async function storedBytes(cps: readonly Checkpoint[]): Promise<number> {
  const h = idbHarness();
  for (const cp of cps) expect((await h.store.put(cp)).ok).toBe(true);
  const { runs } = await h.store.listRuns();
  return runs[0]?.bytes ?? 0;
}

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

describe('storage of a long run grows linearly with its steps', () => {
  const run40 = checkpointsOf('migration-40');
  const run400 = checkpointsOf('migration-400');

  it('a 400-step run takes under 15x the bytes of a 40-step run', async () => {
    const small = await storedBytes(run40);
    const large = await storedBytes(run400);
    expect(run400.length).toBeGreaterThan(5 * run40.length);
    expect(large / small).toBeLessThan(15);
  });

  it('and far less than its checkpoints stored whole (which grow with the square of the steps)', async () => {
    const whole = sum(run400.map(checkpointBytes));
    expect(await storedBytes(run400)).toBeLessThan(whole / 3);
  });

  it('the next checkpoint of a long run stores only its new rows, not the whole ledger', async () => {
    const h = idbHarness();
    const results = [];
    for (const cp of run400) results.push(await h.store.put(cp));
    const lastCp = run400[run400.length - 1] as Checkpoint;
    const lastWrite = results[results.length - 1];
    expect(lastCp.ledger.length).toBeGreaterThan(3 * CHUNK_ROWS);
    expect(lastWrite?.ok && lastWrite.bytes).toBeLessThan(checkpointBytes(lastCp) / 4);
  });
});

describe('chunks', () => {
  const rows = Array.from({ length: 2 * CHUNK_ROWS + 5 }, (_, i) => ({ step: i + 1, note: i % 3 ? '迁移' : 'ok' }));

  it('cut rows into full chunks plus a tail, and put them back in order', async () => {
    const { chain, chunks } = chainOf(rows);
    expect(chain).toMatchObject({ chunks: 2, head: chunks[1]?.hash });
    expect(chain.tail).toHaveLength(5);
    const byHash = new Map(chunks.map((c) => [c.hash, c.record]));
    const back = await readChain(
      chain,
      chunkReader(async (h) => structuredClone(byHash.get(h))),
    );
    expect(back).toEqual({ ok: true, rows });
  });

  it('are shared: a longer list reuses the chunks of the shorter one', () => {
    const a = chainOf(rows.slice(0, CHUNK_ROWS + 3));
    const b = chainOf(rows);
    expect(b.chunks[0]?.hash).toBe(a.chunks[0]?.hash);
    expect(b.chunks[1]?.record.prev).toBe(a.chunks[0]?.hash);
  });

  it('a changed early row changes every later key (the chain names its whole past)', () => {
    const edited = rows.map((r, i) => (i === 0 ? { ...r, note: 'edited' } : r));
    const a = chainOf(rows).chunks.map((c) => c.hash);
    const b = chainOf(edited).chunks.map((c) => c.hash);
    expect(b[0]).not.toBe(a[0]);
    expect(b[1]).not.toBe(a[1]);
  });

  it('a missing or altered chunk is reported, never read as data', async () => {
    const { chain, chunks } = chainOf(rows);
    const first = chunks[0];
    const missing = await readChain(
      chain,
      chunkReader(async (h) => (h === first?.hash ? undefined : chunks.find((c) => c.hash === h)?.record)),
    );
    expect(missing).toEqual({ ok: false, kind: 'missing', hash: first?.hash, why: 'the chunk is missing' });
    const altered = await readChain(
      chain,
      chunkReader(async (h) => {
        const rec = structuredClone(chunks.find((c) => c.hash === h)?.record);
        if (rec && h === first?.hash) rec.rows[0] = { step: 1, note: 'tampered' };
        return rec;
      }),
    );
    expect(altered).toMatchObject({
      ok: false,
      kind: 'corrupt',
      hash: first?.hash,
      why: 'its content does not match its hash',
    });
  });

  it('the size of a checkpoint is summed from its parts exactly as its JSON counts it', () => {
    const cache = new ChunkCache();
    const cps = checkpointsOf('migration-400', { until: (_s, cp) => (cp?.ledger.length ?? 0) > 2 * CHUNK_ROWS });
    const withText: Checkpoint = {
      ...(cps[cps.length - 1] as Checkpoint),
      refs: [{ step: 1, ref: '报告/清单.md 😀' }],
    };
    for (const cp of [...cps, withText]) expect(prepare(cp, cache).size).toBe(checkpointBytes(cp));
  });
});

describe('bytes', () => {
  it('counts UTF-8 as TextEncoder does, surrogate pairs and lone surrogates included', () => {
    for (const s of ['', 'abc', 'é', '迁移', '😀', 'a\ud800b', '\udc00', 'x😀y迁']) {
      expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
    }
  });

  it('cyrb53 is stable (stored keys depend on it) and tells close strings apart', () => {
    expect(cyrb53('a')).toBe(cyrb53('a'));
    expect(cyrb53('a')).toBe(7929297801672961);
    expect(cyrb53('ab')).not.toBe(cyrb53('ba'));
    expect(Number.isSafeInteger(cyrb53('harness-sim'))).toBe(true);
  });
});
