import { spawn, execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializeCheckpoint } from '../checkpoint.js';
import { createFileStore, decodeRunId, encodeRunId } from './fileStore.js';
import { plans, runCheckpoints } from './fixtures.test-kit.js';
import { cutCheckpoint, SEGMENT_ROWS, SegmentCache } from './segments.js';
import { ledgerSuite, withLongLedger } from './ledgerSuite.test-kit.js';
import { runnerSuite } from './runner.test-kit.js';
import { storeSuite, type StoreUnderTest } from './suite.js';

const fileOf = (dir: string, runId: string, seq: number) =>
  join(dir, encodeRunId(runId), `${String(seq).padStart(10, '0')}.json`);

const make = async (): Promise<StoreUnderTest> => {
  const dir = await mkdtemp(join(tmpdir(), 'hc-'));
  return {
    store: createFileStore({ dir, plans }),
    reopen: async () => createFileStore({ dir, plans }),
    async corrupt(runId, seq, contents) {
      await mkdir(join(dir, encodeRunId(runId)), { recursive: true });
      await writeFile(fileOf(dir, runId, seq), contents);
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
};
storeSuite('file store', make);
runnerSuite('file store', make);
ledgerSuite('file store', make);

describe('the file store on disk', () => {
  const A = runCheckpoints('run-a');
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hc-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes <dir>/<run>/<seq, 10 digits>.json, the codec text, nothing else left behind', async () => {
    const store = createFileStore({ dir, plans });
    for (const c of A) await store.put(c);
    expect(await readdir(dir)).toEqual(['run-a']);
    expect((await readdir(join(dir, 'run-a'))).sort()).toEqual(A.map((c) => `000000000${c.seq}.json`));
    // The stored record (segments.ts): a short run's whole ledger is its tail.
    expect(await readFile(fileOf(dir, 'run-a', 3), 'utf8')).toBe(
      JSON.stringify(cutCheckpoint(A[2]!, new SegmentCache()).record),
    );
  });

  it('keeps the ledger in <run>/ledger, each segment once; a segment altered on disk is damage (E703)', async () => {
    const store = createFileStore({ dir, plans });
    const big = withLongLedger(SEGMENT_ROWS * 3);
    const next = { ...big, seq: 6, ledger: [...big.ledger, { ...big.ledger.at(-1)!, at: 99 }] };
    expect([await store.put(big), await store.put(next)]).toEqual([{ ok: true }, { ok: true }]);
    const ledgerDir = join(dir, 'run-long', 'ledger');
    const segments = await readdir(ledgerDir);
    expect(segments).toHaveLength(3);
    const file = join(ledgerDir, segments[0]!);
    await writeFile(file, (await readFile(file, 'utf8')).replace('timed out', 'TIMED OUT'));
    const got = await createFileStore({ dir, plans }).get('run-long', 5);
    expect(got).toMatchObject({ ok: false, skipped: { code: 'E703' } });
    expect(got?.ok === false && got.skipped.message).toContain('does not match its hash');
  });

  it('names each run one safe path segment, one name per id', () => {
    for (const id of ['../x', '.', '..', 'A', 'a', 'a/b\\c', 'é 🚀', 'x:y*?"<>|', '%41', '!a']) {
      const name = encodeRunId(id);
      expect(name).toMatch(/^[a-z0-9_%!u0-9A-F-]+$/);
      expect(name).not.toMatch(/[./\\]/);
      expect(decodeRunId(name)).toBe(id);
    }
    expect(encodeRunId('Run')).not.toBe(encodeRunId('run'));
    expect(encodeRunId('Run').toLowerCase()).not.toBe(encodeRunId('run').toLowerCase());
    // Other spellings, and names this store never makes, stand for no run.
    for (const name of ['%61', 'A', '.hidden', '!', '%u00e9', 'a.b']) expect(decodeRunId(name)).toBeUndefined();
  });

  it('ignores a .tmp file a killed write left behind', async () => {
    const store = createFileStore({ dir, plans });
    for (const c of A.slice(0, 4)) await store.put(c);
    const half = serializeCheckpoint(A[4]!).slice(0, 100);
    await writeFile(join(dir, 'run-a', '.0000000005.json.0b7c6f1e.tmp'), half);
    await writeFile(join(dir, 'run-a', '0000000005.json.tmp'), half);
    expect(await store.seqs('run-a')).toEqual([1, 2, 3, 4]);
    expect(await store.latest('run-a')).toEqual({ checkpoint: A[3], skipped: [] });
    // And a later write of that number goes through.
    expect(await store.put(A[4]!)).toEqual({ ok: true });
    expect(await store.latest('run-a')).toEqual({ checkpoint: A[4], skipped: [] });
  });

  it('answers a storage failure with E705, not a throw (a dir under a regular file: ENOTDIR)', async () => {
    await writeFile(join(dir, 'file'), 'x');
    const store = createFileStore({ dir: join(dir, 'file', 'store'), plans });
    const r = await store.put(A[0]!);
    expect(r).toMatchObject({ ok: false, code: 'E705' });
    expect(!r.ok && r.message).toMatch(/^E705: .*ENOTDIR/);
    expect(await store.runs()).toEqual([]);
    expect(await store.latest('run-a')).toEqual({ checkpoint: null, skipped: [] });
  });

  it.skipIf(process.getuid?.() === 0)('answers a refused write (EACCES, a read-only run dir) with E705', async () => {
    const store = createFileStore({ dir, plans });
    await store.put(A[0]!);
    await chmod(join(dir, 'run-a'), 0o500);
    try {
      const r = await store.put(A[1]!);
      expect(r).toMatchObject({ ok: false, code: 'E705' });
      expect(!r.ok && r.message).toMatch(/EACCES|EPERM/);
      expect(await store.seqs('run-a')).toEqual([1]);
    } finally {
      await chmod(join(dir, 'run-a'), 0o700);
    }
  });

  it('refuses a run id too long for a file name with E705, before touching the disk', async () => {
    const store = createFileStore({ dir, plans });
    const r = await store.put({ ...A[0]!, runId: 'R'.repeat(200) });
    expect(r).toMatchObject({ ok: false, code: 'E705' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('skips a FIFO named like a checkpoint and a symlink to /dev/zero (E702) at once, reading neither', async () => {
    // Issue 44, defect 9: the FIFO hung latest() for ever; /dev/zero was read to ~600 MB.
    const store = createFileStore({ dir, plans });
    for (const c of A.slice(0, 2)) await store.put(c);
    execFileSync('mkfifo', [fileOf(dir, 'run-a', 4)]);
    await symlink('/dev/zero', fileOf(dir, 'run-a', 5));
    const { checkpoint, skipped } = await store.latest('run-a');
    expect(checkpoint).toEqual(A[1]);
    expect(skipped.map((s) => [s.code, /a (FIFO|symbolic link), not a regular file/.exec(s.message)?.[1]])).toEqual([
      ['E702', 'symbolic link'],
      ['E702', 'FIFO'],
    ]);
  });

  it('moves a damaged newest checkpoint aside, keeping its bytes, and a directory in its place blocks no resume', async () => {
    const store = createFileStore({ dir, plans });
    for (const c of A.slice(0, 2)) await store.put(c);
    await writeFile(fileOf(dir, 'run-a', 3), 'half a checkpoint {');
    await mkdir(fileOf(dir, 'run-a', 4));
    const { checkpoint, skipped } = await store.latest('run-a');
    expect(checkpoint).toEqual(A[1]);
    expect(skipped.map((s) => [s.code, s.movedTo])).toEqual([
      ['E702', `${fileOf(dir, 'run-a', 4)}.damaged-1`],
      ['E702', `${fileOf(dir, 'run-a', 3)}.damaged-1`],
    ]);
    expect(await readFile(`${fileOf(dir, 'run-a', 3)}.damaged-1`, 'utf8')).toBe('half a checkpoint {');
    // The resumed run writes 3 and 4 again, beside what was moved, never over it.
    expect(await store.put(A[2]!)).toEqual({ ok: true });
    expect(await store.put(A[3]!)).toEqual({ ok: true });
    expect(await store.latest('run-a')).toEqual({ checkpoint: A[3], skipped: [] });
  });

  it('refuses a second process while the first holds the run (E706), and frees it at once when the first is killed', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { createFileStore } from ${JSON.stringify(new URL('./fileStore.ts', import.meta.url).pathname)};
         const store = createFileStore({ dir: ${JSON.stringify(dir)}, plans: () => undefined });
         const r = await store.acquire('run-a', 'process-1');
         console.log(JSON.stringify(r));
         setInterval(() => undefined, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      const first = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve(out.trim());
        });
        child.on('exit', () => reject(new Error(`the holder ended: ${out}`)));
      });
      expect(JSON.parse(first)).toMatchObject({ ok: true, lease: { token: 1 } });
      const store = createFileStore({ dir, plans });
      const refused = await store.acquire('run-a', 'process-2');
      expect(refused).toMatchObject({ ok: false, code: 'E706' });
      expect(!refused.ok && refused.message).toMatch(/^E706: Another process holds run "run-a" \("process-1"/);
      expect(await store.put(A[0]!)).toMatchObject({ ok: false, code: 'E706' });
      child.kill('SIGKILL');
      await exited;
      // Its lease has not lapsed (30 s), but its process is gone: the run is free now.
      expect(await store.acquire('run-a', 'process-2')).toMatchObject({ ok: true, lease: { token: 2 } });
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
