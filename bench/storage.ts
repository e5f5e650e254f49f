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
 *    Also a lesson stop's runs (three-endings' last stop) in one `replaceRuns` transaction,
 *    against createRun and a put per checkpoint, interleaved, on disk.
 * 3. Stored bytes of a whole run of migration-40, -400 and -4000 (every checkpoint put in order),
 *    from listRuns() and navigator.storage.estimate(), and how they grow with the steps.
 *
 * Everything it starts (builds, servers, browsers) is stopped in `finally` blocks; every wait
 * has a time limit; progress goes to stderr.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import type { LatencyArgs, PutParts } from './storage-app/api';
import { ROOT, cpuMark, launchChromium, loadFigures, serve, viteBuild, within, type Served } from './chromium';
import { atMost, figure, median, percentile, progress, range, type Figure } from './lib';
import { PAGE_LIMIT, benchPage, latency, latencyNote, ms, offTheRecord, onDisk } from './storage/page';
import { bytesFigures } from './storage/bytes';
import { reloadFigures } from './storage/reload';
import { lessonFigures } from './storage/lessons';

const STORAGE_CONFIG = join(ROOT, 'bench', 'storage-app', 'vite.config.ts');

const LATENCY_SAMPLES = 100;
/** Samples thrown away first: the page's code and IndexedDB's connection warm up. */
const LATENCY_WARMUP = 10;
/** At step ~1,000 each sample first writes its ~350 earlier checkpoints (about 1 s): fewer samples. */
const LONG_SAMPLES = 20;
/** The durability A/B: interleaved rounds, samples each way per round. */
const DURABILITY_ROUNDS = 6;
const DURABILITY_SAMPLES = 30;
const LONG_WARMUP = 2;
/** The step the long-ledger latency is taken at, on migration-4000. */
const LONG_AT_STEP = 1000;

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
      // Durability A/B: strict (flushed to disk before `complete`) against relaxed, interleaved.
      const durability: Record<'strict' | 'relaxed', number[]> = { strict: [], relaxed: [] };
      for (let round = 0; round < DURABILITY_ROUNDS; round++) {
        for (const d of round % 2 ? (['strict', 'relaxed'] as const) : (['relaxed', 'strict'] as const)) {
          const xs = await latency(page, { ...at27, samples: DURABILITY_SAMPLES, warmup: 2, durability: d });
          durability[d].push(...xs.map((x) => x.ms));
        }
      }
      return { plain, parts, durability, blind: await floor(false), read: await floor(true) };
    });
    figures.push(
      figure(
        "checkpoint write at step 27, p95, durability 'strict' (the app's)",
        percentile(disk.durability.strict, 95),
        'ms',
        atMost(5),
        `${DURABILITY_ROUNDS} interleaved rounds of ${DURABILITY_SAMPLES} each way; p50 strict ${median(disk.durability.strict).toFixed(1)} / relaxed ${median(disk.durability.relaxed).toFixed(1)} ms`,
      ),
      figure("… the same with durability 'relaxed', p95", percentile(disk.durability.relaxed, 95), 'ms'),
    );
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

    // A lesson stop's runs, written as the page writes them and as a free run's would be.
    figures.push(...(await lessonFigures(tmp, bench.url, say)));

    // 2. Reload to the resumed state, next to the cold load.
    figures.push(...(await reloadFigures(browser, app.url, say)));

    // 3. Stored bytes of whole runs, each in a fresh profile on disk.
    figures.push(...(await bytesFigures(tmp, bench.url, say)));

    // Before the browsers close, while their processes can still be counted.
    figures.push(...loadFigures(start, 'the storage module'));
    return figures;
  } finally {
    if (browser) await browser.close().catch(() => undefined);
    for (const s of servers) await s.close().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  }
}
