/**
 * The first bundle: the .js and .css files a cold load fetches before the page is ready (ours:
 * `data-ready`, every panel mounted; the minimal app: its diagram drawn), gzip-summed from the
 * build. A chunk loaded only when opened (a lesson, the compare view, dagre for a layout not
 * generated) is not in it; bundle.ts still sums every file.
 */
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { newContext } from '../chromium';
import { bundleFiles, type OutputFile } from './bundle';

/** The build's files that a fresh context fetched from `url` until the page was ready. */
export async function firstLoadFiles(browser: Browser, url: string, dir: string, ours: boolean): Promise<OutputFile[]> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url);
    if (ours) await page.locator('[data-testid="app"][data-ready="true"]').waitFor();
    else await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length >= 8);
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname.replace(/^\//, '')),
    );
    const files = new Set(fetched);
    return bundleFiles(dir).filter((f) => files.has(f.file) || files.has(join('.', f.file)));
  } finally {
    await context.close();
  }
}
