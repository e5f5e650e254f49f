/**
 * The page's own first render at 4× CPU, to the page settled (issue 40's "trivial input"): a
 * trivial share link, traced from the navigation until the page is ready, the panels below the
 * first screen are in, the diagram's 13 edges are drawn and a second has passed. The trivial rows
 * of bench/untrusted.ts stop at `data-ready`; the frames after it (the panels below the first
 * screen arriving, their stylesheets) are the page's cost too, and this counts them. Each task
 * over 50 ms of CPU after the first paint is named by what it is, so an A/B of a speed device
 * can see which task it moved, not only the longest.
 */
import { writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { WAIT_LIMIT } from '../chromium';
import { hostileReplay, throttledPage } from './browser';
import { longestTask, type TraceEvent } from './trace';

/** One main-thread task over the budget: its CPU time and what it is. */
export interface LongTask {
  cpu: number;
  /** `bundle` (the page's module evaluated), `module` (a lazy chunk), `frame` (style, layout, paint), `script`. */
  kind: string;
  /** For a frame: its layout's dirty and total objects, and its resize observers' time. */
  detail: string;
}

/** The tasks of `trace` after the first paint whose CPU time passes `ms`, in order. */
export function longTasks(trace: Buffer, ms = 50): LongTask[] {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const mains = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const painted = Math.min(...traceEvents.filter((e) => e.name === 'firstContentfulPaint').map((e) => e.ts));
  const main = traceEvents.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`));
  const out: LongTask[] = [];
  for (const t of main) {
    if (t.name !== 'RunTask' || t.ts <= painted || (t.tdur ?? 0) <= ms * 1000) continue;
    const end = t.ts + (t.dur ?? 0);
    const inside = main.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end);
    const has = (name: string) => inside.some((e) => e.name === name);
    const total = (name: string) => inside.filter((e) => e.name === name).reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000;
    // Playwright's injected script (an EvaluateScript with no URL) is the bench's, as in longestTask.
    if (inside.some((e) => e.name === 'EvaluateScript' && !e.args?.data?.url) && !has('FunctionCall')) continue;
    let kind = 'script';
    let detail = '';
    if (has('HTMLParserScriptRunner ExecuteScript')) kind = 'bundle';
    else if (has('v8.evaluateModule')) kind = 'module';
    else if (has('WebFrameWidgetImpl::UpdateLifecycle')) {
      kind = 'frame';
      const layouts = inside
        .filter((e) => e.name === 'Layout')
        .map((e) => `${e.args?.beginData?.dirtyObjects}/${e.args?.beginData?.totalObjects}`);
      const observers = total('LocalFrameView::NotifyResizeObservers');
      detail = `layout ${layouts.join('+') || '-'}${observers >= 5 ? `, resize observers ${observers.toFixed(0)} ms` : ''}`;
    }
    out.push({ cpu: (t.tdur ?? 0) / 1000, kind, detail });
  }
  return out;
}

export interface Settled {
  /** The longest task after the first paint, wall ms, and the most CPU of one (`Longest`). */
  longest: number;
  cpu: number;
  tasks: LongTask[];
}

/** A trivial share link opened cold in a throttled page, traced until the page is settled. */
export async function firstRender(browser: Browser, url: string): Promise<Settled> {
  const page = await throttledPage(browser, url);
  const link = `${url}?lang=en&run=new&scenario=migration-40&design=no-fuse&replay=${await hostileReplay(0)}`;
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink'],
  });
  let trace: Buffer | undefined;
  try {
    await page.goto(link);
    await page
      .locator('[data-testid="app"][data-ready="true"][data-panels="all"]')
      .waitFor({ timeout: 4 * WAIT_LIMIT });
    await page.locator('.react-flow__edge').nth(12).waitFor({ timeout: WAIT_LIMIT });
    // What the arrival of the panels set going (their stylesheets, observers) runs in this second.
    await page.waitForTimeout(1000);
  } finally {
    trace = await browser.stopTracing();
    await page.context().close();
    // `UNTRUSTED_TRACE=<file>` keeps the last trace, as for the other paths (without the sampler).
    if (process.env.UNTRUSTED_TRACE) writeFileSync(process.env.UNTRUSTED_TRACE, trace);
  }
  const top = longestTask(trace, true);
  return { longest: top.ms, cpu: top.cpu, tasks: longTasks(trace) };
}
