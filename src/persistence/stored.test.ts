import { describe, expect, it } from 'vitest';
import type { Tx } from './backend';
import type { NewChunk } from './chunks';
import { newChunks, type Prepared } from './stored';

/** A Tx whose `has` answers from `stored` only when `answer()` is called: round trips counted. */
function slowTx(stored: ReadonlySet<string>) {
  const waiting: (() => void)[] = [];
  const asked: string[] = [];
  let rounds = 0;
  const tx = {
    has: (key: readonly unknown[]) => {
      const hash = String(key[2]);
      asked.push(hash);
      return new Promise<boolean>((resolve) => waiting.push(() => resolve(stored.has(hash))));
    },
  } as unknown as Tx;
  /** Answers everything asked so far (one round trip), then lets the caller ask again. */
  const answer = async () => {
    rounds++;
    for (const w of waiting.splice(0)) w();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { tx, asked, answer, rounds: () => rounds, pending: () => waiting.length };
}

const chunk = (hash: string) => ({ hash, record: {}, bytes: 10 }) as unknown as NewChunk;
const prepared = (ledger: string[], refs: string[]) =>
  ({
    ledger: { chain: [], chunks: ledger.map(chunk) },
    refs: { chain: [], chunks: refs.map(chunk) },
  }) as unknown as Prepared;

async function run(p: Prepared, stored: string[]) {
  const t = slowTx(new Set(stored));
  let result: NewChunk[] | null = null;
  void newChunks(t.tx, 'run-1', p).then((r) => (result = r));
  await Promise.resolve();
  const firstAsk = [...t.asked];
  while (result === null && t.pending() > 0) await t.answer();
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return { fresh: (result as NewChunk[] | null)?.map((c) => c.hash), firstAsk, rounds: t.rounds() };
}

describe('newChunks', () => {
  it('asks about the newest two chunks of both chains at once: one round trip for the usual write', async () => {
    const r = await run(prepared(['l1', 'l2', 'l3'], ['r1', 'r2']), ['l1', 'l2', 'r1', 'r2']);
    expect(r.firstAsk.sort()).toEqual(['l2', 'l3', 'r1', 'r2']);
    expect(r.fresh).toEqual(['l3']);
    expect(r.rounds).toBe(1);
  });

  it('stops at the first stored chunk, newest first, even in the second place of a batch', async () => {
    const r = await run(prepared(['l1', 'l2', 'l3', 'l4'], []), ['l1', 'l2']);
    expect(r.fresh).toEqual(['l4', 'l3']);
    expect(r.rounds).toBe(2);
  });

  it('returns every chunk of a chain stored nowhere yet, newest first, an odd count included', async () => {
    const r = await run(prepared(['l1', 'l2', 'l3'], []), []);
    expect(r.fresh).toEqual(['l3', 'l2', 'l1']);
    expect(r.rounds).toBe(2);
  });

  it('has nothing to ask about empty chains', async () => {
    const r = await run(prepared([], []), []);
    expect(r.fresh).toEqual([]);
    expect(r.rounds).toBe(0);
  });
});
