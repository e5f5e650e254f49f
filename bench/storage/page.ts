import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { LatencyArgs, LatencySample } from '../storage-app/api';
import { WAIT_LIMIT, newContext, newDiskContext, within } from '../chromium';
import { range } from '../lib';

/** The storage bench page (bench/storage-app/) and the contexts it runs in: on disk or off the record. */

/** Time limit (ms) of one call into the bench page (the 20 samples at step 1,000 take about 25 s). */
export const PAGE_LIMIT = 240_000;

/** The bench page in `context`, once its store is open (on IndexedDB). */
export async function benchPage(context: BrowserContext, url: string): Promise<Page> {
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
export async function onDisk<T>(tmp: string, name: string, fn: (context: BrowserContext) => Promise<T>): Promise<T> {
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
export async function offTheRecord<T>(browser: Browser, fn: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await newContext(browser);
  try {
    return await fn(context);
  } finally {
    await context.close().catch(() => undefined);
  }
}

export const latency = (page: Page, args: LatencyArgs) =>
  within(
    page.evaluate((a) => (window.__storageBench as NonNullable<Window['__storageBench']>).latency(a), args),
    PAGE_LIMIT,
    `latency of ${args.scenario} at step ${args.atStep}`,
  );

export const ms = (x: number) => `${x.toFixed(1)} ms`;

export function latencyNote(samples: LatencySample[], warmup: number, where: string): string {
  const s = samples[0] as LatencySample;
  const times = samples.map((x) => x.ms);
  return (
    `${where}; checkpoint #${s.seq} (${s.trigger}, step ${s.step}, ${s.ledgerRows} ledger rows, ${s.size.toLocaleString('en')} B as JSON, ` +
    `${s.stored.toLocaleString('en')} B stored) after its ${s.before} earlier checkpoints; ${samples.length} samples after ${warmup} discarded, ` +
    `${range(times, 1)} ms, ${times.filter((t) => t >= 5).length} at 5 ms or more`
  );
}
