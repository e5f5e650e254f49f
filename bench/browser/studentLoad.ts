/**
 * The student page's first load on a phone (issue 43: what thirty phones load at once when the
 * class scans the QR): `?class=CODE` at 390x844, served with a live class by the relay of
 * `npm run class` (server/class/, in this process, serving this run's build), against the minimal
 * app at the same size. Ready is the phone in the class: `student-view` on screen (the page
 * loaded, the relay's client fetched, joined, the class's stop drawn). Bytes are the build's
 * .js and .css files fetched by then, gzip-summed, as firstLoad.ts counts the app's first bundle.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { startClassServer } from '../../server/class/server';
import { Teacher, closeAll } from '../../server/class/test/helpers';
import { WAIT_LIMIT, coldLoad, newContext } from '../chromium';
import { figure, median, progress, range, type Figure } from '../lib';
import { bundleFiles, kb, listFiles, sum, type OutputFile } from './bundle';
import { firstLoadFiles } from './firstLoad';

const PHONE = { width: 390, height: 844 };
const SAMPLES = 5;
const kB = 1000;

interface StudentLoad {
  /** Navigation start to `student-view` on screen (ms). */
  ready: number;
  fcp: number;
  files: OutputFile[];
}

/** One phone: a fresh context at 390x844 opens the QR's address and joins the class. */
async function studentLoad(browser: Browser, url: string, dir: string): Promise<StudentLoad> {
  const context = await newContext(browser, PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen = () => {
        if (!document.querySelector('[data-testid="student-view"]')) return;
        window.__benchReady = performance.now();
        observer.disconnect();
      };
      const observer = new MutationObserver(seen);
      observer.observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__benchReady !== undefined, null, { timeout: WAIT_LIMIT });
    const got = await page.evaluate(() => ({
      ready: window.__benchReady ?? NaN,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      fetched: performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= (window.__benchReady ?? Infinity))
        .map((e) => new URL(e.name).pathname.replace(/^\//, '')),
    }));
    const fetched = new Set(got.fetched);
    return { ready: got.ready, fcp: got.fcp, files: bundleFiles(dir).filter((f) => fetched.has(f.file)) };
  } finally {
    await context.close();
  }
}

/** The student page's first load at 390x844 beside the minimal app's: bytes and time to ready, with ratios. */
export async function studentFigures(
  browser: Browser,
  built: { oursDir: string; minimalDir: string },
  minimalUrl: string,
): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hs-bench-class-'));
  const relay = await startClassServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    distDir: built.oursDir,
    sweepEveryMs: 0,
  });
  const base = `http://127.0.0.1:${relay.port}`;
  const teacher = new Teacher(base, relay.teacherToken);
  try {
    const code = await teacher.start({ lessonId: 'no-progress', stop: 0, kind: 'watch', choices: [], askFuse: false });
    const url = `${base}/?lang=en&class=${code}`;
    const { first: minimalFiles } = await firstLoadFiles(browser, minimalUrl, built.minimalDir, false);
    // One discarded load of each, then the two interleaved.
    await studentLoad(browser, url, built.oursDir);
    await coldLoad(browser, minimalUrl, 'minimal', PHONE);
    const ours: StudentLoad[] = [];
    const minimal: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      ours.push(await studentLoad(browser, url, built.oursDir));
      minimal.push((await coldLoad(browser, minimalUrl, 'minimal', PHONE)).visible);
      progress(
        `student page ${i + 1}/${SAMPLES}: in the class at ${ours.at(-1)!.ready.toFixed(0)} ms; minimal drawn ${minimal.at(-1)!.toFixed(0)} ms`,
      );
    }
    const files = ours.at(-1)!.files;
    const [oGz, mGz] = [sum(files, 'gzip'), sum(minimalFiles, 'gzip')];
    const ready = ours.map((o) => o.ready);
    const fcp = ours.map((o) => o.fcp);
    const n = `median of ${SAMPLES}`;
    return [
      figure(
        'student page (?class=CODE, 390x844): JS+CSS gzip fetched by in-the-class',
        oGz / kB,
        'kB',
        undefined,
        `${files.length} files: ${listFiles(files, 8)}`,
      ),
      figure(
        'student page first bundle / minimal app (fetched by drawn)',
        oGz / mGz,
        '×',
        undefined,
        `minimal ${kb(mGz)} gz`,
      ),
      figure(
        `student page at 390x844: navigation to in the class (student-view), ${n}`,
        median(ready),
        'ms',
        undefined,
        `page, the relay's client, join and the stop drawn; FCP median ${median(fcp).toFixed(0)} ms; samples ${range(ready)} ms`,
      ),
      figure(
        'student page in the class / minimal app drawn, at 390x844',
        median(ready) / median(minimal),
        '×',
        undefined,
        `minimal drawn ${median(minimal).toFixed(0)} ms (${n}, samples ${range(minimal)} ms); the student page also joins over the relay`,
      ),
    ];
  } finally {
    closeAll(teacher);
    await relay.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
