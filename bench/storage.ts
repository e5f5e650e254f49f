/**
 * The storage half of `npm run bench`: checkpoints in IndexedDB in Debian's Chromium, through the
 * real engine and the real store. A small page (bench/storage-app/, built with the repo's vite in
 * this run) imports `Sim` and `openCheckpointStore` from ../../src and exposes measurement
 * functions on `window.__storageBench`; every timing is taken inside the page.
 *
 * 1. Write latency of the `before_suspend` checkpoint at step 27 of migration-40: each sample a
 *    fresh run id, its earlier checkpoints put one after another first, then performance.now()
 *    around `await store.put(cp)` of that one (put resolves once the transaction completed).
 *    p50 and p95 of 100, on a fresh profile on disk; the same off the record (IndexedDB in
 *    memory); where a write spends its time (a timed Backend); IndexedDB alone for comparison;
 *    and the same latency at step ~1,000 of migration-4000.
 * 2. Reload to the resumed state drawn, next to the plain cold load of the real app (its
 *    production build), and to the reload of a run with nothing to restore: median of 10 each,
 *    a fresh context per sample, interleaved.
 * 3. Stored bytes of a whole run of migration-40, -400 and -4000 (every checkpoint put in order),
 *    from listRuns() and navigator.storage.estimate(), and how they grow with the steps.
 *
 * Everything it starts (builds, servers, browsers) is stopped in `finally` blocks; every wait
 * has a time limit; progress goes to stderr.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { BytesResult, LatencyArgs, LatencySample, PutParts } from './storage-app/api';
import {
  ROOT,
  STATES,
  WAIT_LIMIT,
  coldLoad,
  cpuMark,
  launchChromium,
  loadFigures,
  newContext,
  newDiskContext,
  readInt,
  readText,
  serve,
  toApproval,
  viteBuild,
  within,
  type Served,
} from './chromium';
import { atMost, figure, median, percentile, progress, range, type Figure } from './lib';

const STORAGE_CONFIG = join(ROOT, 'bench', 'storage-app', 'vite.config.ts');

const LATENCY_SAMPLES = 100;
/** Samples thrown away first: the page's code and IndexedDB's connection warm up. */
const LATENCY_WARMUP = 10;
/** At step ~1,000 each sample first writes its ~350 earlier checkpoints (about 1 s): fewer samples. */
const LONG_SAMPLES = 20;
const LONG_WARMUP = 2;
const RELOAD_SAMPLES = 10;
/** The step the long-ledger latency is taken at, on migration-4000. */
const LONG_AT_STEP = 1000;
const BYTES_SCENARIOS = ['migration-40', 'migration-400', 'migration-4000'] as const;

/** Time limit (ms) of one call into the bench page (the 20 samples at step 1,000 take about 25 s). */
const PAGE_LIMIT = 240_000;

const kB = 1000;
const MB = 1_000_000;

// ─── The bench page ──────────────────────────────────────────────────────────────────────────

/** The bench page in `context`, once its store is open (on IndexedDB). */
async function benchPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(
    () => window.__storageBench !== undefined || window.__storageBenchError !== undefined,
    null,
    { timeout: WAIT_LIMIT },
  );
  const error = await page.evaluate(() => window.__storageBenchError);
  if (error) throw new Error(`the storage bench page failed: ${error}`);
  return page;
}

/** Runs `fn` in a fresh context on a fresh profile on disk, then closes that Chromium and removes the profile. */
async function onDisk<T>(tmp: string, name: string, fn: (context: BrowserContext) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmp, `profile-${name}-`));
  try {
    const context = await newDiskContext(dir);
    try {
      return await fn(context);
    } finally {
      await context.close().catch(() => undefined);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `fn` in a fresh off-the-record context of `browser` (IndexedDB in memory). */
async function offTheRecord<T>(browser: Browser, fn: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await newContext(browser);
  try {
    return await fn(context);
  } finally {
    await context.close().catch(() => undefined);
  }
}

const latency = (page: Page, args: LatencyArgs) =>
  within(
    page.evaluate((a) => (window.__storageBench as NonNullable<Window['__storageBench']>).latency(a), args),
    PAGE_LIMIT,
    `latency of ${args.scenario} at step ${args.atStep}`,
  );

const ms = (x: number) => `${x.toFixed(1)} ms`;

function latencyNote(samples: LatencySample[], warmup: number, where: string): string {
  const s = samples[0] as LatencySample;
  const times = samples.map((x) => x.ms);
  return (
    `${where}; checkpoint #${s.seq} (${s.trigger}, step ${s.step}, ${s.ledgerRows} ledger rows, ${s.size.toLocaleString('en')} B as JSON, ` +
    `${s.stored.toLocaleString('en')} B stored) after its ${s.before} earlier checkpoints; ${samples.length} samples after ${warmup} discarded, ` +
    `${range(times, 1)} ms, ${times.filter((t) => t >= 5).length} at 5 ms or more`
  );
}

// ─── Reload to resumed ───────────────────────────────────────────────────────────────────────

declare global {
  interface Window {
    /** performance.now() when the page was ready and showed the state and step looked for. */
    __benchResumed?: number;
    /** … and the diagram's 8 state nodes were in the DOM too. */
    __benchResumedDrawn?: number;
  }
}

/**
 * Installed before any page script of the reload: a MutationObserver that records when the page
 * is `data-ready` and shows `state` at `step` (and when, besides, all 8 state nodes are there).
 * performance.now() counts from the reload's navigation start.
 */
function watchResumed(args: { state: string; step: number; states: string[] }): void {
  const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '';
  const check = () => {
    if (!document.querySelector('[data-testid="app"][data-ready="true"]')) return;
    if (text('current-state') !== args.state) return;
    if (Number(text('current-step').replace(/[^\d]/g, '')) !== args.step) return;
    const now = performance.now();
    window.__benchResumed ??= now;
    if (args.states.every((s) => document.querySelector(`[data-testid="state-${s}"]`))) {
      window.__benchResumedDrawn = now;
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

interface Resumed {
  resumed: number;
  drawn: number;
}

/**
 * One reload sample in a fresh context: a fresh migration-40 run, and with `waiting` started and
 * fast-forwarded to its approval at step 27 (stored before the page shows it); then a reload,
 * timed from its navigation start to the page ready showing where the run stood: waiting_approval
 * at step 27, or (without `waiting`) the just-created run, `created` at step 1.
 */
async function reloadSample(browser: Browser, url: string, waiting: boolean): Promise<Resumed> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${url}?lang=en&run=new`);
    await page.locator('[data-testid="app"][data-ready="true"]').waitFor();
    const want = waiting ? { state: 'waiting_approval', step: 27 } : { state: 'created', step: 1 };
    if (waiting) await toApproval(page);
    const step = await readInt(page, 'current-step');
    if (step !== want.step) throw new Error(`the run stands at step ${step}, not ${want.step}`);
    // The page dropped run=new from its address: the reload resumes this run.
    if (page.url().includes('run=new')) throw new Error(`the page kept run=new in its address (${page.url()})`);
    await page.addInitScript(watchResumed, { ...want, states: STATES });
    await page.reload({ waitUntil: 'commit' });
    await page
      .waitForFunction(() => window.__benchResumedDrawn !== undefined, null, { timeout: WAIT_LIMIT })
      .catch(async (e: unknown) => {
        const where = `${await readText(page, 'current-state').catch(() => '?')} at step ${await readText(page, 'current-step').catch(() => '?')}`;
        throw new Error(
          `after the reload the page did not show ${want.state} at step ${want.step} (it shows ${where}): ${String(e)}`,
        );
      });
    return await page.evaluate(() => ({
      resumed: window.__benchResumed ?? NaN,
      drawn: window.__benchResumedDrawn ?? NaN,
    }));
  } finally {
    await context.close();
  }
}

// ─── The module ──────────────────────────────────────────────────────────────────────────────

export async function run(): Promise<Figure[]> {
  const start = cpuMark();
  const t0 = performance.now();
  /** A line of progress, with the seconds since the module started. */
  const say = (text: string) => progress(`${text} (at ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  const figures: Figure[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'hs-bench-storage-'));
  const servers: Served[] = [];
  let browser: Browser | undefined;
  try {
    const appDir = join(tmp, 'app');
    const pageDir = join(tmp, 'storage-page');
    say('building the app and the storage bench page (vite build)');
    await viteBuild(appDir, []);
    await viteBuild(pageDir, ['--config', STORAGE_CONFIG]);
    const app = await serve(appDir);
    servers.push(app);
    const bench = await serve(pageDir);
    servers.push(bench);
    browser = await launchChromium();
    say(`Chromium ${browser.version()}`);

    // 1. Write latency at step 27 of migration-40, on a fresh profile on disk.
    const at27: LatencyArgs = {
      scenario: 'migration-40',
      atStep: 27,
      trigger: 'before_suspend',
      samples: LATENCY_SAMPLES,
      warmup: LATENCY_WARMUP,
    };
    say(
      `write latency at step 27 of migration-40, on disk (${LATENCY_WARMUP} + ${LATENCY_SAMPLES} samples), its parts, IndexedDB alone`,
    );
    const disk = await onDisk(tmp, 'latency', async (context) => {
      const page = await benchPage(context, bench.url);
      const plain = await latency(page, at27);
      const parts = await latency(page, { ...at27, breakdown: true });
      const value = await page.evaluate(() =>
        (window.__storageBench as NonNullable<Window['__storageBench']>).checkpointAt(
          'migration-40',
          27,
          'before_suspend',
        ),
      );
      const floor = async (readFirst: boolean) =>
        within(
          page.evaluate((a) => (window.__storageBench as NonNullable<Window['__storageBench']>).floor(a), {
            value,
            samples: LATENCY_SAMPLES,
            warmup: LATENCY_WARMUP,
            readFirst,
          }),
          PAGE_LIMIT,
          'IndexedDB alone',
        );
      return { plain, parts, blind: await floor(false), read: await floor(true) };
    });
    const diskMs = disk.plain.map((s) => s.ms);
    figures.push(
      figure(
        'checkpoint write at step 27 of migration-40, p50 (profile on disk)',
        median(diskMs),
        'ms',
        undefined,
        latencyNote(
          disk.plain,
          LATENCY_WARMUP,
          'a fresh Chromium profile on disk; performance.now() around `await store.put(cp)`',
        ),
      ),
      figure(
        'checkpoint write at step 27 of migration-40, p95 (profile on disk)',
        percentile(diskMs, 95),
        'ms',
        atMost(5),
      ),
    );
    const part = (k: keyof PutParts) => disk.parts.map((s) => (s.parts as PutParts)[k]);
    const partText = (['prepare', 'open', 'work', 'commit', 'after'] as const)
      .map((k) => `${k} ${median(part(k)).toFixed(1)} / ${percentile(part(k), 95).toFixed(1)}`)
      .join(', ');
    const partsMs = disk.parts.map((s) => s.ms);
    figures.push(
      figure(
        '… the same through a timed Backend, p50',
        median(partsMs),
        'ms',
        undefined,
        `p95 ${ms(percentile(partsMs, 95))}; median / p95 ms of each part: ${partText} (prepare: checks, chunking and hashing before the transaction; open: connection and db.transaction(); work: the reads (run index, chunk counts) and the staged puts; commit: to the complete event; after: to the caller resuming)`,
      ),
      figure(
        'IndexedDB alone: one transaction putting the same checkpoint and an index record, p50',
        median(disk.blind),
        'ms',
        undefined,
        `p95 ${ms(percentile(disk.blind, 95))}; a database of its own, same profile; ms from db.transaction() to complete`,
      ),
      figure(
        'IndexedDB alone: the same after reading the index record first, p50',
        median(disk.read),
        'ms',
        undefined,
        `p95 ${ms(percentile(disk.read, 95))}; one read round trip before the puts, as the store's put does`,
      ),
    );

    say('write latency at step 27 of migration-40, off the record (IndexedDB in memory)');
    const memory = await offTheRecord(browser, async (context) => latency(await benchPage(context, bench.url), at27));
    const memoryMs = memory.map((s) => s.ms);
    figures.push(
      figure(
        'checkpoint write at step 27 of migration-40, p50 (off the record)',
        median(memoryMs),
        'ms',
        undefined,
        `a fresh playwright context (off the record: IndexedDB in memory), as the page figures use; p95 ${ms(percentile(memoryMs, 95))}, samples ${range(memoryMs, 1)} ms`,
      ),
      figure('checkpoint write at step 27 of migration-40, p95 (off the record)', percentile(memoryMs, 95), 'ms'),
    );

    say(
      `write latency at step ~${LONG_AT_STEP} of migration-4000, on disk (${LONG_WARMUP} + ${LONG_SAMPLES} samples, each after its ~350 earlier checkpoints)`,
    );
    const long = await onDisk(tmp, 'long', async (context) =>
      latency(await benchPage(context, bench.url), {
        scenario: 'migration-4000',
        atStep: LONG_AT_STEP,
        samples: LONG_SAMPLES,
        warmup: LONG_WARMUP,
      }),
    );
    const longMs = long.map((s) => s.ms);
    figures.push(
      figure(
        `checkpoint write at step ~${LONG_AT_STEP.toLocaleString('en')} of migration-4000, p50 (profile on disk)`,
        median(longMs),
        'ms',
        undefined,
        latencyNote(long, LONG_WARMUP, 'a fresh Chromium profile on disk'),
      ),
      figure(
        `checkpoint write at step ~${LONG_AT_STEP.toLocaleString('en')} of migration-4000, p95 (profile on disk)`,
        percentile(longMs, 95),
        'ms',
      ),
    );

    // 2. Reload to the resumed state, next to the cold load (and, for scale, the reload of a run
    // with nothing stored but its record); interleaved after one discarded sample of each.
    const coldUrl = `${app.url}?lang=en&run=new`;
    say(`cold load, reload to resumed, reload of a just-created run: ${RELOAD_SAMPLES} each, interleaved`);
    await coldLoad(browser, coldUrl, 'ours');
    await reloadSample(browser, app.url, true);
    await reloadSample(browser, app.url, false);
    const colds: number[] = [];
    const resumes: Resumed[] = [];
    const plains: number[] = [];
    for (let i = 0; i < RELOAD_SAMPLES; i++) {
      const cold = (await coldLoad(browser, coldUrl, 'ours')).ready;
      const r = await reloadSample(browser, app.url, true);
      const plain = (await reloadSample(browser, app.url, false)).drawn;
      colds.push(cold);
      resumes.push(r);
      plains.push(plain);
      say(
        `sample ${i + 1}/${RELOAD_SAMPLES}: cold ${cold.toFixed(0)} ms; reload to resumed ${r.resumed.toFixed(0)} ms (8 nodes too: ${r.drawn.toFixed(0)} ms); reload of a just-created run ${plain.toFixed(0)} ms`,
      );
    }
    const resumed = resumes.map((r) => r.resumed);
    const drawn = resumes.map((r) => r.drawn);
    figures.push(
      figure(
        'cold load of the app to data-ready and 8 nodes (median of 10)',
        median(colds),
        'ms',
        undefined,
        `a fresh context per sample, ?lang=en&run=new, navigation start to [data-testid=app][data-ready=true] and the 8 state-<name> nodes; samples ${range(colds)} ms`,
      ),
      figure(
        'reload to the resumed state (median of 10)',
        median(resumed),
        'ms',
        undefined,
        `a fresh context per sample with a migration-40 run waiting at step 27 (start, fast-forward); reload; navigation start to data-ready, current-state waiting_approval and current-step 27; samples ${range(resumed)} ms; with the 8 nodes present too: median ${median(drawn).toFixed(0)} ms`,
      ),
      figure('reload to resumed / cold load', median(resumed) / median(colds), '×', atMost(1.3)),
      figure(
        'reload of a just-created run, nothing to restore (median of 10)',
        median(plains),
        'ms',
        undefined,
        `the same, but the run is reloaded before Start (created, step 1: its run record only, no checkpoint); data-ready, current-state created, current-step 1 and the 8 nodes; samples ${range(plains)} ms; resumed / this = ${(median(drawn) / median(plains)).toFixed(2)}×`,
      ),
    );

    // 3. Stored bytes of whole runs, each in a fresh profile on disk.
    const runsBytes: BytesResult[] = [];
    for (const scenario of BYTES_SCENARIOS) {
      say(`stored bytes: ${scenario} to the end, every checkpoint put in order`);
      const result = await onDisk(tmp, 'bytes', async (context) =>
        within(
          (await benchPage(context, bench.url)).evaluate(
            (s) => (window.__storageBench as NonNullable<Window['__storageBench']>).bytes(s),
            scenario,
          ),
          PAGE_LIMIT,
          `bytes of ${scenario}`,
        ),
      );
      if (result.finalState !== 'completed') throw new Error(`${scenario} ended ${result.finalState}, not completed`);
      runsBytes.push(result);
      const usage = result.usageAfter - result.usageBefore;
      figures.push(
        figure(
          `stored bytes of a whole ${scenario} run (listRuns)`,
          result.runBytes / kB,
          'kB',
          undefined,
          `${(result.runBytes / result.planSteps).toFixed(0)} B/step; ${result.checkpoints} checkpoints; each stored whole they would take ${(result.wholeBytes / kB).toLocaleString('en', { maximumFractionDigits: 1 })} kB; ` +
            `navigator.storage.estimate().usage grew by ${(usage / kB).toLocaleString('en', { maximumFractionDigits: 1 })} kB (${(usage / result.planSteps).toFixed(0)} B/step); kB = 1000 B`,
        ),
      );
    }
    const [b40, b400, b4000] = runsBytes as [BytesResult, BytesResult, BytesResult];
    const usage = (r: BytesResult) => r.usageAfter - r.usageBefore;
    figures.push(
      figure(
        'stored bytes growth, 4,000 / 40 steps (100× the steps)',
        b4000.runBytes / b40.runBytes,
        '×',
        atMost(110),
        `per step: ${(b40.runBytes / 40).toFixed(0)} / ${(b400.runBytes / 400).toFixed(0)} / ${(b4000.runBytes / 4000).toFixed(0)} B at 40 / 400 / 4,000 steps; 4,000 / 400 = ${(b4000.runBytes / b400.runBytes).toFixed(2)}× for 10× the steps`,
      ),
      figure(
        'storage usage growth (estimate()), 4,000 / 40 steps',
        usage(b4000) / usage(b40),
        '×',
        undefined,
        `usage grew by ${(usage(b40) / kB).toFixed(1)} kB / ${(usage(b400) / kB).toFixed(1)} kB / ${(usage(b4000) / MB).toFixed(2)} MB`,
      ),
      figure(
        `time to write the 4,000-step run (${b4000.checkpoints.toLocaleString('en')} puts, one after another)`,
        b4000.writeMs / 1000,
        's',
        undefined,
        `each put: p50 ${ms(b4000.putP50)}, p95 ${ms(b4000.putP95)}, max ${ms(b4000.putMax)}; the Sim's run that made them took ${ms(b4000.simMs)} (not included)`,
      ),
    );

    // Before the browsers close, while their processes can still be counted.
    figures.push(...loadFigures(start, 'the storage module'));
    return figures;
  } finally {
    if (browser) await browser.close().catch(() => undefined);
    for (const s of servers) await s.close().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  }
}
