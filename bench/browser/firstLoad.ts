/**
 * The first bundle: the .js and .css files a cold load starts fetching before the page is ready
 * (ours: `data-ready`, the first screen there; the minimal app: its diagram drawn), gzip-summed
 * from the build. A chunk loaded only when opened (a lesson, the compare view, dagre for a
 * layout not generated) is not in it, nor what the page asks for after it is ready (ours: the
 * panels below the first screen): `untouched` adds those, everything fetched without input
 * until SETTLE_MS later. bundle.ts still sums every file.
 */
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { STATES, newContext, watchDrawn, type Drawn } from '../chromium';
import { bundleFiles, type OutputFile } from './bundle';

/** How long after ready an untouched page is still watched for what it fetches. */
const SETTLE_MS = 3000;

/** The build's files that a fresh context fetched from `url` before it was ready, and until SETTLE_MS after. */
export async function firstLoadFiles(
  browser: Browser,
  url: string,
  dir: string,
  ours: boolean,
): Promise<{ first: OutputFile[]; untouched: OutputFile[] }> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const kind: Drawn = ours ? 'ours' : 'minimal';
    await page.addInitScript(watchDrawn, { kind, states: STATES });
    await page.goto(url);
    await page.waitForFunction(() => window.__benchReady !== undefined);
    await page.waitForTimeout(SETTLE_MS);
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => ({
        path: new URL(e.name).pathname.replace(/^\//, ''),
        beforeReady: e.startTime <= (window.__benchReady ?? Infinity),
      })),
    );
    const files = bundleFiles(dir);
    const fetchedOf = (paths: string[]) => {
      const set = new Set(paths);
      return files.filter((f) => set.has(f.file) || set.has(join('.', f.file)));
    };
    return {
      first: fetchedOf(fetched.filter((f) => f.beforeReady).map((f) => f.path)),
      untouched: fetchedOf(fetched.map((f) => f.path)),
    };
  } finally {
    await context.close();
  }
}
