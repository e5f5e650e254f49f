/**
 * The page half of `npm run bench`: the production build in Debian's Chromium (playwright-core
 * driving /usr/bin/chromium), next to a minimal app of the same dependencies (bench/minimal-app/:
 * React + React Flow drawing 8 nodes, one XState actor, a zustand store, an idb-keyval get/set),
 * both built with the repo's vite in this run. Every figure that has a target is a ratio to the
 * minimal app in the same run, or a count.
 *
 * 1. Bundle: gzip (level 9) of every .js and .css file of each build (bundle.ts), and of the first
 *    bundle, what a cold load fetches before it is ready, with its ratio (browser/firstLoad.ts).
 * 2. Cold load: navigation start to the 8 state nodes drawn, first contentful paint and layout
 *    shift, a fresh browser context per sample, median of 10, the two apps interleaved; and, for
 *    ours, to data-ready (coldLoad.ts).
 * 3. Tick to screen at 1,000 and at 40 steps against the minimal app's tick (browser/tickFigures.ts).
 * 4. The student page's first load on a phone, served with a class by the relay, against the
 *    minimal app at 390x844: bytes and time to the phone in the class (browser/studentLoad.ts).
 * 5. The page's JS heap after GC at the end of a 40-step and a 4,000-step run (browser/heap.ts).
 * 6. How many cores this module (with its Chromium) and other processes kept busy meanwhile.
 *
 * Everything it starts (builds, servers, the browser) is stopped in `finally` blocks; every wait
 * has a time limit; progress goes to stderr. Lighthouse is a module of its own, run only when
 * asked for (`npm run bench -- lighthouse`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import {
  MINIMAL_CONFIG,
  coldLoad,
  cpuMark,
  launchChromium,
  loadFigures,
  serve,
  viteBuild,
  type Load,
  type Served,
} from './chromium';
import { bundleFiles, kb, listFiles, sum } from './browser/bundle';
import { firstLoadFiles } from './browser/firstLoad';
import { studentFigures } from './browser/studentLoad';
import { heapAtEnd, heapFigure, minimalHeap } from './browser/heap';
import { tickFigures } from './browser/tickFigures';
import { cpuFigures } from './browser/coldCpu';
import { atMost, figure, median, progress, range, type Figure } from './lib';

const COLD_SAMPLES = 10;
const PHONE_SAMPLES = 3;
const PHONE = { width: 390, height: 844 };
const MB = 1_000_000;
const kB = 1000;

/** Builds both apps into `tmp` and returns their bundle figures. */
async function buildBoth(tmp: string): Promise<{ oursDir: string; minimalDir: string; figures: Figure[] }> {
  const oursDir = join(tmp, 'ours');
  const minimalDir = join(tmp, 'minimal');
  progress('building the app and the minimal app (vite build)');
  await viteBuild(oursDir, []);
  await viteBuild(minimalDir, ['--config', MINIMAL_CONFIG]);
  const oursFiles = bundleFiles(oursDir);
  const minimalFiles = bundleFiles(minimalDir);
  const [oursGz, minimalGz] = [sum(oursFiles, 'gzip'), sum(minimalFiles, 'gzip')];
  progress(
    `bundle: ours ${kb(oursGz)} gz (${listFiles(oursFiles)}); minimal ${kb(minimalGz)} gz (${listFiles(minimalFiles)})`,
  );
  return {
    oursDir,
    minimalDir,
    figures: [
      figure(
        'bundle JS+CSS gzip, the app',
        oursGz / kB,
        'kB',
        undefined,
        `${oursFiles.length} files, ${kb(sum(oursFiles, 'raw'))} raw; largest: ${listFiles(oursFiles)}`,
      ),
      figure(
        'bundle JS+CSS gzip, minimal app of the same dependencies',
        minimalGz / kB,
        'kB',
        undefined,
        `bench/minimal-app; ${listFiles(minimalFiles)}`,
      ),
      figure('bundle app / minimal', oursGz / minimalGz, '×'),
    ],
  };
}

/** The first bundle: what a cold load fetches before it is ready, app / minimal (firstLoad.ts). */
async function firstLoadFigures(
  browser: Browser,
  built: { oursDir: string; minimalDir: string },
  oursUrl: string,
  minimalUrl: string,
): Promise<Figure[]> {
  const { first: ours, untouched } = await firstLoadFiles(browser, `${oursUrl}?lang=en&run=new`, built.oursDir, true);
  const { first: minimal } = await firstLoadFiles(browser, minimalUrl, built.minimalDir, false);
  const [oGz, mGz, uGz] = [sum(ours, 'gzip'), sum(minimal, 'gzip'), sum(untouched, 'gzip')];
  progress(`first bundle: ours ${kb(oGz)} gz in ${ours.length} files; minimal ${kb(mGz)} gz in ${minimal.length}`);
  const later = untouched.filter((f) => !ours.includes(f));
  return [
    figure(
      'first bundle JS+CSS gzip (fetched by data-ready), the app',
      oGz / kB,
      'kB',
      undefined,
      `${ours.length} files: ${listFiles(ours, 8)}`,
    ),
    figure('first bundle app / minimal (fetched by drawn)', oGz / mGz, '×', atMost(1.5), `minimal ${kb(mGz)} gz`),
    figure(
      '… and what an untouched first visit fetches in all (3 s after data-ready) / minimal',
      uGz / mGz,
      '×',
      undefined,
      `${kb(uGz)} gz; after data-ready: ${listFiles(later, 8)}`,
    ),
  ];
}

/** Cold loads of both apps, interleaved, after one discarded load of each. */
async function coldFigures(browser: Browser, oursUrl: string, minimalUrl: string): Promise<Figure[]> {
  await coldLoad(browser, oursUrl, 'ours');
  await coldLoad(browser, minimalUrl, 'minimal');
  const ours: Load[] = [];
  const minimal: Load[] = [];
  for (let i = 0; i < COLD_SAMPLES; i++) {
    const o = await coldLoad(browser, oursUrl, 'ours');
    const m = await coldLoad(browser, minimalUrl, 'minimal');
    ours.push(o);
    minimal.push(m);
    progress(
      `cold load ${i + 1}/${COLD_SAMPLES}: app FCP ${o.fcp.toFixed(0)}, drawn ${o.visible.toFixed(0)}, data-ready ${o.ready.toFixed(0)} ms, CLS ${o.cls.toFixed(3)}; minimal FCP ${m.fcp.toFixed(0)}, drawn ${m.visible.toFixed(0)} ms`,
    );
  }
  const pick = (loads: Load[], key: Exclude<keyof Load, 'cpu'>) => loads.map((l) => l[key]);
  const [oDrawn, mDrawn, oReady] = [pick(ours, 'visible'), pick(minimal, 'visible'), pick(ours, 'ready')];
  const [oFcp, mFcp, oCls, mCls] = [pick(ours, 'fcp'), pick(minimal, 'fcp'), pick(ours, 'cls'), pick(minimal, 'cls')];
  const n = `median of ${COLD_SAMPLES}`;
  // On a phone the panels stack under the diagram: where late content pushes the layout most.
  const phone: number[] = [];
  for (let i = 0; i < PHONE_SAMPLES; i++) phone.push((await coldLoad(browser, oursUrl, 'ours', PHONE)).cls);
  progress(`cold load at ${PHONE.width}x${PHONE.height}: CLS ${phone.map((c) => c.toFixed(3)).join(', ')}`);
  return [
    figure(
      `cold load: first contentful paint, the app (${n})`,
      median(oFcp),
      'ms',
      undefined,
      `the browser's paint timing; samples ${range(oFcp)} ms`,
    ),
    figure(
      `cold load: first contentful paint, minimal app (${n})`,
      median(mFcp),
      'ms',
      undefined,
      `samples ${range(mFcp)} ms`,
    ),
    figure('cold load: first contentful paint, app / minimal', median(oFcp) / median(mFcp), '×', atMost(1.2)),
    figure(
      `cold load at 1366x768: cumulative layout shift, the app (worst of ${COLD_SAMPLES})`,
      Math.max(...oCls),
      '',
      atMost(0.05),
      `at 1366x768, the largest burst of layout shifts (web-vitals session windows) from navigation to 1 s after data-ready; median ${median(oCls).toFixed(3)}; minimal app worst ${Math.max(...mCls).toFixed(3)}`,
    ),
    figure(
      `cold load at ${PHONE.width}x${PHONE.height}: cumulative layout shift, the app (worst of ${PHONE_SAMPLES})`,
      Math.max(...phone),
      '',
      atMost(0.05),
      `median ${median(phone).toFixed(3)}`,
    ),
    figure(
      `cold load to the diagram drawn (8 nodes visible), the app (${n})`,
      median(oDrawn),
      'ms',
      undefined,
      `navigation start to the 8 state-<name> nodes visible; samples ${range(oDrawn)} ms`,
    ),
    figure(
      `cold load to the diagram drawn (8 nodes visible), minimal app (${n})`,
      median(mDrawn),
      'ms',
      undefined,
      `samples ${range(mDrawn)} ms`,
    ),
    figure('cold load to the diagram drawn, app / minimal', median(oDrawn) / median(mDrawn), '×', atMost(1.3)),
    figure(
      `cold load to data-ready, the app (${n})`,
      median(oReady),
      'ms',
      undefined,
      `the diagram drawn and data-ready="true": IndexedDB opened and probed, the fresh run saved, the tab's role known, the first screen's panels mounted; samples ${range(oReady)} ms`,
    ),
    figure(
      'cold load to data-ready, app / minimal drawn',
      median(oReady) / median(mDrawn),
      '×',
      atMost(1.6),
      'the minimal app waits for no storage',
    ),
    ...cpuFigures(ours, minimal),
  ];
}

export async function run(): Promise<Figure[]> {
  const start = cpuMark();
  const figures: Figure[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'hs-bench-'));
  const servers: Served[] = [];
  let browser: Browser | undefined;
  try {
    const built = await buildBoth(tmp);
    figures.push(...built.figures);
    const ours = await serve(built.oursDir);
    servers.push(ours);
    const minimal = await serve(built.minimalDir);
    servers.push(minimal);
    browser = await launchChromium();
    progress(`Chromium ${browser.version()}`);

    figures.push(...(await firstLoadFigures(browser, built, ours.url, minimal.url)));
    figures.push(...(await coldFigures(browser, `${ours.url}?lang=en&run=new`, minimal.url)));
    figures.push(...(await tickFigures(browser, ours.url, minimal.url)));
    progress('student page (?class=CODE) at 390x844, served by the class relay');
    figures.push(...(await studentFigures(browser, built, minimal.url)));

    progress('heap: minimal app');
    const floor = await minimalHeap(browser, minimal.url);
    progress('heap: migration-40 to completion');
    const h40 = await heapAtEnd(browser, ours.url, 'migration-40');
    progress(`heap: migration-4000 to completion (migration-40 took ${h40.seconds.toFixed(1)} s)`);
    const h4000 = await heapAtEnd(browser, ours.url, 'migration-4000');
    progress(`migration-4000 run took ${h4000.seconds.toFixed(1)} s (${h4000.at})`);
    figures.push(
      figure(
        'page JS heap after GC, minimal app drawn (floor)',
        floor / MB,
        'MB',
        undefined,
        'CDP HeapProfiler.collectGarbage ×2, then Runtime.getHeapUsage usedSize; MB = 10^6 bytes',
      ),
      heapFigure('page JS heap after GC, end of a migration-40 run', h40, 12),
      heapFigure('page JS heap after GC, end of a migration-4000 run', h4000, 40),
    );
    // Before the browser closes, while its processes can still be counted.
    figures.push(...loadFigures(start));
    return figures;
  } finally {
    if (browser) await browser.close().catch(() => undefined);
    for (const s of servers) await s.close().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  }
}
