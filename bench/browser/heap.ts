/** Driving the app through a whole run, and the page's JS heap after GC at its end. */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  STATES,
  WAIT_LIMIT,
  expectText,
  newContext,
  openOurs,
  readText,
  toApproval,
  watchDrawn,
  within,
  type Drawn,
} from '../chromium';
import { atMost, figure, type Figure } from '../lib';
import { RUN_LIMIT } from './ticks';

const MB = 1_000_000;

/** Start, fast-forward to the approval at step 27, approve. */
export async function toPastApproval(page: Page): Promise<void> {
  await toApproval(page);
  await page.getByTestId('btn-approve').click();
  await expectText(page, 'current-state', 'running');
}

/** The page's JS heap after two full collections, through the DevTools protocol. */
export async function heapAfterGc(context: BrowserContext, page: Page): Promise<number> {
  // Let animations and effects of the last change settle first.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300)))),
  );
  const cdp = await context.newCDPSession(page);
  try {
    await within(cdp.send('HeapProfiler.collectGarbage'), WAIT_LIMIT, 'collectGarbage');
    await within(cdp.send('HeapProfiler.collectGarbage'), WAIT_LIMIT, 'collectGarbage');
    const usage = await within(cdp.send('Runtime.getHeapUsage'), WAIT_LIMIT, 'getHeapUsage');
    return usage.usedSize;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

export interface RunEnd {
  /** usedSize after GC, or null when the page had not shown `completed` within RUN_LIMIT. */
  heap: number | null;
  seconds: number;
  /** Where the page stood when measured (or given up on). */
  at: string;
}

/**
 * A run of `scenario` to completion as a person would drive it: start, fast-forward to the
 * approval, approve, fast-forward again until the page shows `completed`; then the heap after GC.
 */
export async function heapAtEnd(browser: Browser, url: string, scenario: string): Promise<RunEnd> {
  const context = await newContext(browser);
  try {
    const page = await openOurs(context, url, scenario);
    const t0 = performance.now();
    const where = async () =>
      `${await readText(page, 'current-state')} at step ${await readText(page, 'current-step')}`;
    await toPastApproval(page);
    for (let i = 0; ; i++) {
      const state = await readText(page, 'current-state');
      if (state === 'completed') break;
      const left = RUN_LIMIT - (performance.now() - t0);
      if (left <= 0) return { heap: null, seconds: (performance.now() - t0) / 1000, at: await where() };
      if (state === 'failed' || state === 'cancelled' || i >= 20)
        throw new Error(`${scenario}: ${await where()} after ${i} fast-forwards, expected completed`);
      const button = page.getByTestId(state === 'waiting_approval' ? 'btn-approve' : 'btn-fast-forward-approval');
      // The whole fast-forward runs inside the click; a disabled button means the page has not caught up yet.
      if (await button.isEnabled()) await button.click({ timeout: Math.max(10_000, left) });
      await page
        .waitForFunction(
          () => {
            const s = document.querySelector('[data-testid="current-state"]')?.textContent?.trim();
            return s === 'completed' || s === 'failed' || s === 'cancelled' || s === 'waiting_approval';
          },
          null,
          { timeout: Math.max(1000, left) },
        )
        .catch(() => undefined);
    }
    const seconds = (performance.now() - t0) / 1000;
    const at = await where();
    return { heap: await heapAfterGc(context, page), seconds, at };
  } finally {
    await context.close();
  }
}

/** The heap figure of a run, or a missed figure saying why there is none. */
export function heapFigure(name: string, end: RunEnd, limit: number): Figure {
  const took = `the run (start, fast-forward, approve, fast-forward to completed) took ${end.seconds.toFixed(1)} s of wall time`;
  if (end.heap !== null) return figure(name, end.heap / MB, 'MB', atMost(limit), took);
  return {
    ...figure(name, Number.NaN, 'MB', atMost(limit)),
    ok: false,
    note: `not measured: the page still showed ${end.at} after ${end.seconds.toFixed(0)} s (limit ${RUN_LIMIT / 1000} s)`,
  };
}

export async function minimalHeap(browser: Browser, url: string): Promise<number> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(watchDrawn, { kind: 'minimal' as Drawn, states: STATES });
    await page.goto(url);
    await page.waitForFunction(() => window.__benchVisible !== undefined, null, { timeout: WAIT_LIMIT });
    return await heapAfterGc(context, page);
  } finally {
    await context.close();
  }
}
