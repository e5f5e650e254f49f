import { afterEach, describe, expect, it, vi } from 'vitest';
import { mostRevisedCheckpoint } from '../engine/probes';
import { parseOffThread, type SpawnWorker } from './parseOffThread';
import { MAX_IMPORT_BYTES } from './records';
import { batchesOf, parseRunFile, readRunFile, runFileText } from './runFile';
import { checkpointsOf, runMetaOf } from './harness.test-kit';

/**
 * The import's parse in a Worker: the real worker module runs here on a fake worker scope (Node
 * has no Worker), so what the page gets back is checked against the page's own parse.
 */

const cps = checkpointsOf('migration-40', { until: (s) => s === 'waiting_approval' });
const run = runMetaOf(cps);
const text = runFileText(run, cps);

/** A Worker whose other end is runFile.worker.ts, loaded on a fake `self`; messages go through structuredClone. */
async function inProcessWorker(): Promise<{ spawn: SpawnWorker; sent: () => number; posted: unknown[] }> {
  const page = new EventTarget();
  const scope = new EventTarget();
  let sent = 0;
  const posted: unknown[] = [];
  const deliver = (to: EventTarget, data: unknown) =>
    setTimeout(() => to.dispatchEvent(new MessageEvent('message', { data: structuredClone(data) })), 0);
  vi.stubGlobal('self', Object.assign(scope, { postMessage: (m: unknown) => (sent++, deliver(page, m)) }));
  vi.resetModules();
  await import('./runFile.worker');
  const worker = Object.assign(page, {
    postMessage: (m: unknown) => (posted.push(m), deliver(scope, m)),
    terminate: () => undefined,
  }) as unknown as Worker;
  return { spawn: () => worker, sent: () => sent, posted };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an import parsed in a Worker', () => {
  it('gives the page the same run and checkpoints as parsing on the page, sent in several messages', async () => {
    expect(batchesOf(cps, 4096).length).toBeGreaterThan(1);
    const { spawn, sent } = await inProcessWorker();
    const fromWorker = await parseOffThread(text, spawn);
    expect(fromWorker).toEqual(await parseRunFile(text));
    expect(fromWorker.ok && fromWorker.checkpoints.length).toBe(cps.length);
    expect(sent()).toBeGreaterThanOrEqual(2);
  });

  it('gets the picked file unread and reads it itself: the page never decodes nor posts the text', async () => {
    // Posting the 19 MiB string made one main-thread task of 6-7 s in Chromium at 4x CPU while
    // the Worker parsed it (issue 40): the page now posts the Blob, a handle.
    const picked = new Blob([text]);
    const read = [vi.spyOn(picked, 'text'), vi.spyOn(picked, 'arrayBuffer'), vi.spyOn(picked, 'stream')];
    const { spawn, posted } = await inProcessWorker();
    const r = await parseOffThread(picked, spawn);
    expect(r).toEqual(await parseRunFile(text));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toBeInstanceOf(Blob);
    for (const spy of read) expect(spy).not.toHaveBeenCalled();
  });

  it('refuses a picked file over the limit by its size, unread (E601), and one that cannot be read (E611)', async () => {
    const big = new Blob(['{}']);
    Object.defineProperty(big, 'size', { value: MAX_IMPORT_BYTES + 1 });
    const text = vi.spyOn(big, 'text');
    expect(await readRunFile(big)).toEqual({ ok: false, error: expect.stringMatching(/^E601: /) });
    expect(text).not.toHaveBeenCalled();
    const gone = new Blob(['{}']);
    vi.spyOn(gone, 'text').mockRejectedValue(new DOMException('A requested file could not be found.', 'NotFoundError'));
    expect(await parseOffThread(gone, () => null)).toEqual({
      ok: false,
      error: expect.stringMatching(/^E611: The file could not be read \(NotFoundError: /),
    });
  });

  it('refuses a bad file with its numbered reason, as the page would', async () => {
    const file = JSON.parse(text) as { checkpoints: Record<string, unknown>[] };
    file.checkpoints[2] = { ...file.checkpoints[2], step: 'three' };
    const { spawn } = await inProcessWorker();
    const r = await parseOffThread(JSON.stringify(file), spawn);
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/^E606: Checkpoint 3 of this file is refused: /) });
    expect(await parseOffThread('{"format": ', spawn)).toEqual({ ok: false, error: expect.stringMatching(/^E602: /) });
  });

  it('falls back to the page when the Worker cannot start or fails to load', async () => {
    const expected = await parseRunFile(text);
    expect(await parseOffThread(text, () => null)).toEqual(expected);
    const blocked: SpawnWorker = () => {
      throw new DOMException('blocked by CSP', 'SecurityError');
    };
    expect(await parseOffThread(text, blocked)).toEqual(expected);
    const broken = Object.assign(new EventTarget(), {
      postMessage: () => setTimeout(() => broken.dispatchEvent(new Event('error')), 0),
      terminate: () => undefined,
    });
    expect(await parseOffThread(text, () => broken as unknown as Worker)).toEqual(expected);
  });

  it('stops a Worker that outlasts the budget and refuses the file (E610), never checking it on the page', async () => {
    let stopped = false;
    const silent = Object.assign(new EventTarget(), {
      postMessage: () => undefined,
      terminate: () => {
        stopped = true;
      },
    });
    const out = await parseOffThread(text, () => silent as unknown as Worker, 5);
    expect(out).toMatchObject({ ok: false, error: expect.stringMatching(/^E610/) });
    expect(stopped).toBe(true);
  });
});

describe('a run file check under a budget', () => {
  it('refuses a file whose checkpoints take longer than the budget to check (E610), by the checkpoint it stopped at', async () => {
    // The security review's costliest checkpoint (a plan revised 10,000 times), a few times over: each
    // takes tens of ms, so a 1 ms budget is spent at the first slice. Each has revisions of its own
    // (its last `seq` at step 2), so the plan laid last (harness-core's revisedSteps memo) is never
    // the next one's: six copies of one plan would be checked in a few ms on a quiet machine.
    const most = mostRevisedCheckpoint();
    const revisions = (seq: number) => most.plan.revisions.map((r, i, all) => (i >= all.length - seq ? 2 : r));
    const big = (seq: number) => ({ ...most, seq, plan: { ...most.plan, revisions: revisions(seq) } });
    const many = [1, 2, 3, 4, 5, 6].map(big);
    const file = runFileText(runMetaOf(many), many);
    const whole = await parseRunFile(file, async () => undefined);
    expect(whole.ok, whole.ok ? '' : whole.error).toBe(true);
    const cut = await parseRunFile(file, async () => undefined, 1);
    expect(cut).toMatchObject({ ok: false, error: expect.stringMatching(/^E610.*stopped at checkpoint [2-6]\)/) });
  });
});
