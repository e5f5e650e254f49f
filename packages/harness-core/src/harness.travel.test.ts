import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harnessPlan, runHarness, type Executor, type HarnessEvent } from './harness.js';
import { createFileStore, encodeRunId } from './stores/fileStore.js';
import { TEST_PLAN, plans } from './stores/fixtures.test-kit.js';

/** Issue 44: the approver kept with the checkpoint, a resume with nothing readable, time travel. */

let dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
  dirs = [];
});
async function fileStore() {
  const dir = await mkdtemp(join(tmpdir(), 'hc-travel-'));
  dirs.push(dir);
  return { dir, store: createFileStore({ dir, plans }) };
}
/** Logs each call as `step:path` and succeeds. */
function logging() {
  const calls: string[] = [];
  const executor: Executor = (call) => {
    calls.push(`${call.step}:${String(call.args.path)}`);
    return { ok: true };
  };
  return { calls, executor };
}
/** Every file of a directory tree with its contents. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (name.isFile()) {
      const path = join(name.parentPath, name.name);
      out[path] = await readFile(path, 'utf8');
    }
  return out;
}
const everyStep = { density: 'every_step' } as const;

describe('approval decisions (issue 44)', () => {
  it('keeps who approved a risky step with the checkpoint, across a suspension and a resume', async () => {
    const { dir } = await fileStore();
    const plan = harnessPlan({
      id: 'risky',
      steps: [
        { title: 'read', tool: 'read_file', args: { path: 'a' }, effect: 'none' },
        { title: 'publish', tool: 'publish', args: { path: 'site' }, effect: 'risky' },
      ],
    });
    const store = createFileStore({ dir, plans: (id) => (id === plan.id ? plan : undefined) });
    const { calls, executor } = logging();
    const first = await runHarness({ plan, runId: 'p', executor, store });
    expect(first.state).toBe('waiting_approval');
    const r = await runHarness({
      plan,
      runId: 'p',
      executor,
      store,
      resume: true,
      approve: () => ({ approved: true, by: 'ana' }),
    });
    expect(r.state).toBe('completed');
    expect(calls).toEqual(['1:a', '2:site']);
    const stored = (await store.latest('p')).checkpoint;
    expect(stored?.approval).toMatchObject({ approved: [2], by: { 2: 'ana' } });
  });
});

describe('a resume with no readable checkpoint (issue 44, defect 4)', () => {
  it('is refused, naming what it passed over, and never starts again at step 1', async () => {
    const { dir, store } = await fileStore();
    await mkdir(join(dir, encodeRunId('r')), { recursive: true });
    await writeFile(join(dir, encodeRunId('r'), '0000000001.json'), '{ not json');
    const { calls, executor } = logging();
    await expect(runHarness({ plan: TEST_PLAN, runId: 'r', executor, store, resume: true })).rejects.toThrow(
      /no checkpoint of run "r" reads back: .*0000000001\.json: E702.*; refusing to start again at step 1/,
    );
    expect(calls).toEqual([]);
    expect(await store.seqs('r')).toEqual([1]);
  });
});

describe('a resume past a damaged checkpoint (issue 44, defect 4)', () => {
  it('stands on the one before, and the resumed event says what it passed over and where it moved it', async () => {
    const { dir, store } = await fileStore();
    const { executor } = logging();
    const events: HarnessEvent[] = [];
    await runHarness({ plan: TEST_PLAN, runId: 'd', executor, store, config: everyStep });
    const seqs = await store.seqs('d');
    const next = (seqs.at(-1) as number) + 1;
    await writeFile(join(dir, encodeRunId('d'), `${String(next).padStart(10, '0')}.json`), '{ not json');
    await runHarness({ plan: TEST_PLAN, runId: 'd', executor, store, resume: true, onEvent: (e) => events.push(e) });
    const resumed = events.find((e) => e.type === 'resumed');
    expect(resumed?.type === 'resumed' && resumed.skipped).toEqual([
      expect.objectContaining({ code: 'E702', movedTo: expect.stringContaining(`${next}.json.damaged-`) }),
    ]);
  });
});

describe('time travel (issue 44)', () => {
  it('resumes an earlier checkpoint as a fork under a new id; the original run is not touched', async () => {
    const { dir, store } = await fileStore();
    const first = logging();
    await runHarness({ plan: TEST_PLAN, runId: 'orig', executor: first.executor, store, config: everyStep });
    const before = await snapshot(dir);
    const at = (await store.get('orig', 2)) as { ok: true; checkpoint: { step: number; done: string } };
    const { calls, executor } = logging();
    const r = await runHarness({
      plan: TEST_PLAN,
      runId: 'orig',
      executor,
      store,
      resume: true,
      from: 2,
      forkAs: 'fork',
    });
    expect(r.state).toBe('completed');
    expect(r.context.runId).toBe('fork');
    // The fork runs the steps after checkpoint #2, each once.
    expect(calls.map((c) => Number(c.split(':')[0]))).toEqual([1, 2, 3, 4].filter((n) => n >= at.checkpoint.step));
    expect((await store.get('fork', 2))?.ok && (await store.get('fork', 2))).toMatchObject({
      checkpoint: { runId: 'fork', seq: 2, branch: { from: 'orig', seq: 2 } },
    });
    // Every file of the original run is as it was: same names, same bytes.
    const after = await snapshot(dir);
    const own = (s: Record<string, string>) =>
      Object.fromEntries(Object.entries(s).filter(([p]) => p.includes(`/${encodeRunId('orig')}/`)));
    expect(own(after)).toEqual(own(before));
    expect(Object.keys(own(before)).length).toBeGreaterThan(2);
    // A fork under a used id is refused, and `from` without a fork too.
    await expect(
      runHarness({ plan: TEST_PLAN, runId: 'orig', executor, store, resume: true, from: 1, forkAs: 'fork' }),
    ).rejects.toThrow(/E707/);
    await expect(
      runHarness({ plan: TEST_PLAN, runId: 'orig', executor, store, resume: true, from: 1 }),
    ).rejects.toThrow(/needs forkAs/);
  });

  it("applies a person's edit through a function; an edit whose parts disagree is refused with its reason", async () => {
    const { store } = await fileStore();
    const first = logging();
    await runHarness({ plan: TEST_PLAN, runId: 'orig', executor: first.executor, store, config: everyStep });
    const { calls, executor } = logging();
    const opts = { plan: TEST_PLAN, runId: 'orig', executor, store, resume: true, from: 1, forkAs: 'edited' } as const;
    // "state": "completed" edited in with steps not done: refused, nothing run, nothing stored.
    await expect(
      runHarness({ ...opts, edit: (cp) => ({ ...cp, state: 'completed', ended: 'completed' }) }),
    ).rejects.toThrow(
      /the edit of checkpoint #1 of run "orig" is refused: E205.*its state is completed but step \d is not done/,
    );
    expect(calls).toEqual([]);
    expect(await store.seqs('edited')).toEqual([]);
    // A consistent edit (new args for step 3) runs, under the same fork id, still free.
    const r = await runHarness({
      ...opts,
      edit: (cp) => ({ ...cp, world: { ...cp.world, args: { ...cp.world.args, 3: { path: 'out/elsewhere.txt' } } } }),
    });
    expect(r.state).toBe('completed');
    expect(calls).toContain('3:out/elsewhere.txt');
  });
});
