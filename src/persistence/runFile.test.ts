import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkpointBytes, type Checkpoint } from '../engine';
import { MAX_IMPORT_BYTES } from './records';
import { parseRunFile, prettyJson } from './runFile';
import { HARNESSES, checkpointsOf, type Harness } from './harness.test-kit';

const cps = checkpointsOf('migration-40', { until: (s) => s === 'waiting_approval' });
const newest = cps[cps.length - 1] as Checkpoint;
const HOSTILE = '<img src=x onerror=alert(1)>';

describe.each(HARNESSES)('export and import with the %s store', (_kind, make) => {
  let h: Harness;
  beforeEach(async () => {
    h = make();
    for (const cp of cps) await h.store.put(cp);
  });

  const exported = async (runId = 'run-1') => {
    const r = await h.store.exportRun(runId);
    if (!r.ok) throw new Error(r.error);
    return r;
  };

  describe('export', () => {
    it('writes readable JSON a person can edit: format, run, every checkpoint oldest first', async () => {
      const { text, skipped, omitted } = await exported();
      expect(skipped).toEqual([]);
      expect(omitted).toBe(0);
      expect(text).toContain('\n  "run": {');
      const file = JSON.parse(text) as { format: string; run: { runId: string }; checkpoints: Checkpoint[] };
      expect(file.format).toBe('harness-sim.run/1');
      expect(file.run).toMatchObject({ runId: 'run-1', scenario: 'migration-40', newestSeq: newest.seq });
      expect(file.checkpoints).toEqual(cps);
    });

    it('can hold only the newest checkpoints', async () => {
      const r = await h.store.exportRun('run-1', { newest: 2 });
      expect(r.ok && (JSON.parse(r.text) as { checkpoints: Checkpoint[] }).checkpoints).toEqual(cps.slice(-2));
    });

    it('of a run that does not exist is an error', async () => {
      expect(await h.store.exportRun('ghost')).toEqual({ ok: false, error: expect.stringMatching(/^E506: /) });
    });
  });

  describe('import', () => {
    it('round trip: an exported run imported into a new storage reads back the same', async () => {
      const { text } = await exported();
      const other = make();
      expect(await other.store.importRun(text)).toEqual({ ok: true, runId: 'run-1' });
      for (const cp of cps) expect(await other.store.get('run-1', cp.seq)).toEqual({ ok: true, checkpoint: cp });
      expect((await other.store.latest('run-1')).checkpoint).toEqual(newest);
      expect((await other.store.listRuns()).runs[0]).toMatchObject({
        runId: 'run-1',
        newestSeq: newest.seq,
        state: 'waiting_approval',
        checkpoints: cps.length,
      });
    });

    it('never overwrites: a run whose id is taken gets a fresh one, the original untouched', async () => {
      const { text } = await exported();
      const before = await h.store.list('run-1');
      expect(await h.store.importRun(text)).toEqual({ ok: true, runId: 'run-1 (imported)' });
      expect(await h.store.importRun(text)).toEqual({ ok: true, runId: 'run-1 (imported 2)' });
      expect(await h.store.list('run-1')).toEqual(before);
      const copy = await h.store.latest('run-1 (imported)');
      expect(copy.checkpoint).toEqual({ ...newest, runId: 'run-1 (imported)' });
      expect((await h.store.list('run-1 (imported)')).items[0]?.bytes).toBe(
        checkpointBytes({ ...newest, runId: 'run-1 (imported)' }),
      );
    });

    it('an edited file (a person changed a value) is read with the edit', async () => {
      const file = JSON.parse((await exported()).text) as { checkpoints: Checkpoint[] };
      (file.checkpoints[file.checkpoints.length - 1] as Checkpoint).meters.tokens = 12345;
      const other = make();
      expect((await other.store.importRun(JSON.stringify(file))).ok).toBe(true);
      expect((await other.store.latest('run-1')).checkpoint?.meters.tokens).toBe(12345);
    });

    it('hostile strings are data: they round-trip exactly, as plain text', async () => {
      const evil: Checkpoint = {
        ...newest,
        runId: `<script>alert(1)</script>`,
        seq: 1,
        refs: [...newest.refs, { step: 26, ref: HOSTILE }],
      };
      const src = make();
      expect((await src.store.put(evil)).ok).toBe(true);
      const r = await src.store.exportRun(evil.runId);
      expect(r.ok && r.text).toContain(JSON.stringify(HOSTILE));
      const dst = make();
      const imported = await dst.store.importRun(r.ok ? r.text : '');
      expect(imported).toEqual({ ok: true, runId: '<script>alert(1)</script>' });
      const back = await dst.store.latest('<script>alert(1)</script>');
      expect(back.checkpoint?.refs.at(-1)).toEqual({ step: 26, ref: HOSTILE });
    });

    describe('refuses a bad file with its reason, and changes nothing', () => {
      const fileOf = (patch: Record<string, unknown>) =>
        JSON.stringify({
          format: 'harness-sim.run/1',
          run: { runId: 'run-9', scenario: 'migration-40', seed: 1 },
          checkpoints: [],
          ...patch,
        });
      const withRun9 = cps.map((c) => ({ ...c, runId: 'run-9' }));
      const cases: [string, () => string, RegExp][] = [
        ['not JSON', () => '{"format": "harness-sim.run/1", oops', /^E602: This file is not JSON/],
        ['empty', () => '', /^E602: /],
        ['not ours (no format)', () => JSON.stringify({ hello: 'world' }), /^E603: /],
        ['not ours (a list)', () => '[1,2,3]', /^E603: /],
        ['not ours (another program’s format)', () => fileOf({ format: 'other-app/1' }), /^E603: /],
        ['a lone checkpoint, not a run file', () => JSON.stringify(newest), /^E603: /],
        ['of another version', () => fileOf({ format: 'harness-sim.run/2' }), /^E604: .*harness-sim\.run\/2/],
        ['huge (over 20 MiB)', () => fileOf({ pad: 'x'.repeat(MAX_IMPORT_BYTES) }), /^E601: .*20 MiB/],
        ['with no run', () => fileOf({ run: undefined }), /^E605: .*"run"/],
        [
          'with a run of an unknown scenario',
          () => fileOf({ run: { runId: 'run-9', scenario: 'nowhere', seed: 1 } }),
          /^E605: .*nowhere/,
        ],
        ['with no checkpoint list', () => fileOf({ checkpoints: 'none' }), /^E605: .*"checkpoints"/],
        [
          'with a checkpoint the engine refuses',
          () => fileOf({ checkpoints: [withRun9[0], { ...withRun9[1], done: 'x-y' }] }),
          /^E606: Checkpoint 2 .*E205: .*"done"/,
        ],
        [
          'with a checkpoint of another version',
          () => fileOf({ checkpoints: [{ ...withRun9[0], schema: 'harness-sim.checkpoint/2' }] }),
          /^E606: Checkpoint 1 .*E203/,
        ],
        [
          'with an oversize checkpoint',
          () =>
            fileOf({
              checkpoints: [
                { ...withRun9[0], refs: Array.from({ length: 6000 }, () => ({ step: 1, ref: 'x'.repeat(190) })) },
              ],
            }),
          /^E606: Checkpoint 1 .*1 MiB/,
        ],
        [
          'with a ref longer than 200 characters',
          () => fileOf({ checkpoints: [{ ...withRun9[0], refs: [{ step: 1, ref: 'x'.repeat(1024 * 1024) }] }] }),
          /^E606: Checkpoint 1 .*"refs\.0\.ref"/,
        ],
        ['mixing runs', () => fileOf({ checkpoints: [withRun9[0], cps[1]] }), /^E607: .*"run-1".*"run-9"/],
        ['holding one seq twice', () => fileOf({ checkpoints: [withRun9[0], withRun9[0]] }), /^E608: /],
        [
          'of another seed than its checkpoints',
          () => fileOf({ run: { runId: 'run-9', scenario: 'migration-40', seed: 2 }, checkpoints: withRun9 }),
          /^E606: .*seed/,
        ],
      ];
      it.each(cases)('%s', async (_name, text, reason) => {
        const before = await h.dump();
        const r = await h.store.importRun(text());
        expect(r).toEqual({ ok: false, error: expect.stringMatching(reason) });
        expect(await h.dump()).toEqual(before);
      });

      it('hostile text in a refused file is quoted, short, as text', async () => {
        const r = await h.store.importRun(JSON.stringify({ format: `harness-sim.run/${HOSTILE}${'!'.repeat(500)}` }));
        expect(!r.ok && r.error).toContain(HOSTILE.slice(0, 20));
        expect(!r.ok && r.error.length).toBeLessThan(200);
      });
    });
  });
});

describe('the run file', () => {
  it('keeps short values on one line and indents the rest', () => {
    expect(prettyJson({ a: [{ b: 1 }, { c: 'x'.repeat(120) }], d: {} })).toBe(
      `{\n  "a": [\n    {"b":1},\n    {\n      "c": "${'x'.repeat(120)}"\n    }\n  ],\n  "d": {}\n}`,
    );
  });

  it('reads as the same value as compact JSON', () => {
    const value = { cps, nested: [[1, [2, [3]]], null, 'é'] };
    expect(JSON.parse(prettyJson(value, '', 10))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it.each([
    ['E602', 'a parse error quoting the file', '{"run": \u202e}'.replace('\\u202e', '\u202e')],
    [
      'E605',
      'a schema error naming a field',
      JSON.stringify({
        format: 'harness-sim.run/1',
        run: { runId: 'r', scenario: 'migration-40', seed: 1, ['x\u202eexe.txt']: 1 },
        checkpoints: [],
      }),
    ],
  ])('%s, %s, shows the bidi controls of the file escaped', async (code, _what, text) => {
    const r = await parseRunFile(text);
    expect(r).toEqual({ ok: false, error: expect.stringMatching(new RegExp(`^${code}: `)) });
    expect(!r.ok && r.error).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(!r.ok && r.error).toContain('\\u202e');
  });

  it('a file that is not text is refused', async () => {
    expect(await parseRunFile(42)).toEqual({ ok: false, error: expect.stringMatching(/^E602: /) });
  });
});

describe('a long run file', () => {
  it('of 200 checkpoints imports whole, giving the page turns while it is checked', async () => {
    const { createMemoryStore } = await import('./memoryStore');
    const { Sim } = await import('../engine');
    const store = createMemoryStore();
    await store.createRun({ runId: 'long', scenario: 'migration-400', seed: 1 });
    let made = 0;
    const sim = new Sim({
      scenario: 'migration-400',
      runId: 'long',
      config: { density: 'every_step' },
      onCheckpoint: (cp) => void store.put(cp).then(() => made++),
    });
    for (let i = 0; i < 20_000 && sim.newest?.seq !== 200; i++)
      sim.send(i === 0 ? { type: 'START' } : sim.state === 'waiting_approval' ? { type: 'APPROVE' } : { type: 'TICK' });
    await vi.waitFor(() => expect(made).toBe(200));
    const file = await store.exportRun('long');
    if (!file.ok) throw new Error(file.error);
    expect(JSON.parse(file.text).checkpoints.length).toBeGreaterThanOrEqual(200);
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    // How fast is `npm run bench`'s (untrusted: run file); a timed test here fails on load alone.
    const r = await createMemoryStore().importRun(file.text);
    clearInterval(timer);
    expect(r.ok).toBe(true);
    expect(turns).toBeGreaterThan(0);
  });
});
