/**
 * Seek to screen in the page (issue 41: "seeking in a 4,000-step run shows the moment within
 * 100 ms"): the production build in Debian's Chromium, a finished run opened from a share link
 * (`?replay=`: the commands of bench/engine/timeline.ts's longRun, which the page replays into
 * its run), its timeline slider moved to seeded random past events as a drag moves it, timed
 * from the input to the frame that shows the moment (seekPage.ts). The same for a 40-step run
 * beside it, so what the length costs can be read apart from what any seek costs; and, from a
 * Chromium trace, the main thread's time per seek.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { Timeline } from '../../src/engine';
import { packReplay } from '../../src/share';
import {
  WAIT_LIMIT,
  cpuMark,
  launchChromium,
  loadFigures,
  newContext,
  serve,
  viteBuild,
  within,
  type Served,
} from '../chromium';
import { atMost, figure, median, percentile, progress, type Figure } from '../lib';
import { longRun } from '../engine/timeline';
import { seekCpu, seekSamples, type SeekRun } from './seekPage';

/** Seeks timed per run, and the seed of their positions. */
const SEEKS = 60;
const SEED = 41;
/** Issue 41's bound, held by the median and the p95 of the 4,000-step run's seeks. */
const SEEK_TARGET_MS = 100;
const SEEK_LIMIT = 180_000;

interface Measured extends SeekRun {
  /** The main thread's CPU time of each timed seek (trace), ms; empty when the trace had no marks. */
  cpu: number[];
  /** How many events the same run's timeline has in Node (the page's should match). */
  nodeEvents: number;
}

const fmt = (xs: number[], digits = 1) =>
  `median ${median(xs).toFixed(digits)}, p95 ${percentile(xs, 95).toFixed(digits)}, worst ${Math.max(...xs).toFixed(digits)}`;

/** Opens `scenario` driven to its end from a share link, then times the seeks under a trace. */
async function measure(browser: Browser, url: string, scenario: string): Promise<Measured> {
  const sim = longRun(scenario);
  const commands = sim.commands;
  if (!commands) throw new Error(`${scenario}: the run kept no command record`);
  const nodeEvents = new Timeline(sim).length;
  const replay = await packReplay({ config: sim.context.config, commands });
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    const t0 = performance.now();
    await page.goto(`${url}?scenario=${scenario}&lang=en&run=new&replay=${replay}`);
    await page.locator('[data-testid="app"][data-ready="true"]').waitFor({ timeout: 4 * WAIT_LIMIT });
    // The replay is shown once its newest checkpoint is durable, which can be after data-ready.
    const state = await page
      .waitForFunction(
        ([want]) => {
          const q = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim();
          return q('notice') ?? (q('current-state') === want ? want : null);
        },
        [sim.state] as const,
        { timeout: 4 * WAIT_LIMIT },
      )
      .then((h) => h.jsonValue());
    if (state !== sim.state) throw new Error(`${scenario}: the link's replay said: ${state}`);
    // The slider (its own chunk) caught up with every event of the run.
    await page
      .locator(`[data-testid="timeline"][aria-valuemax="${nodeEvents - 1}"]`)
      .waitFor({ timeout: 4 * WAIT_LIMIT });
    progress(
      `timeline (page): ${scenario} at ${state} with ${nodeEvents} events, ${((performance.now() - t0) / 1000).toFixed(1)} s after the link`,
    );
    // A second for the page to settle (the track catches up when the page is idle).
    await page.evaluate(() => new Promise((r) => setTimeout(r, 1000)));
    // Only the marks: a wider trace (devtools.timeline) would add its own cost to every task timed.
    await browser.startTracing(page, { categories: ['blink.user_timing'] });
    const run = await within(
      page.evaluate(seekSamples, { n: SEEKS, seed: SEED }),
      SEEK_LIMIT,
      `seeks, ${scenario}`,
    ).catch(async (e: unknown) => {
      await browser.stopTracing().catch(() => undefined);
      throw e;
    });
    const trace = await browser.stopTracing();
    return { ...run, cpu: seekCpu(trace), nodeEvents };
  } finally {
    await context.close();
  }
}

const paints = (m: Measured) => m.samples.map((s) => s.paint);

/** Wall figures of one run (input to the frame showing the moment) and its main thread's CPU. */
function runFigures(m: Measured, label: string, targeted: boolean): Figure[] {
  const p = paints(m);
  const head = `seek to screen in a ${label} run (${m.events.toLocaleString('en')} events)`;
  const target = targeted ? atMost(SEEK_TARGET_MS) : undefined;
  const alike = m.alike ? ` (${m.alike} more read the same as the moment before: not timed)` : '';
  const out = [
    figure(
      `${head}: median`,
      median(p),
      'ms',
      target,
      `wall time from the input to the frame showing the moment, ${p.length} seeks to seeded random events${alike}; to the read-outs changed: ${fmt(m.samples.map((s) => s.commit))} ms`,
    ),
    figure(`${head}: p95`, percentile(p, 95), 'ms', target),
    figure(`${head}: worst`, Math.max(...p), 'ms'),
  ];
  if (m.cpu.length)
    out.push(
      figure(
        `${head}: main thread's CPU per seek, p95`,
        percentile(m.cpu, 95),
        'ms',
        target,
        `${fmt(m.cpu)} ms: the renderer main thread's CPU clock (the trace's tts of performance.mark) from the input to that frame; other processes' load does not add to it`,
      ),
    );
  return out;
}

/** The page's seek figures: 4,000 steps (the target), 40 beside it, their ratios, the machine's load. */
export async function browserFigures(): Promise<Figure[]> {
  const start = cpuMark();
  const tmp = mkdtempSync(join(tmpdir(), 'hs-bench-seek-'));
  let served: Served | undefined;
  let browser: Browser | undefined;
  try {
    progress('timeline (page): building the app (vite build)');
    await viteBuild(join(tmp, 'ours'), []);
    served = await serve(join(tmp, 'ours'));
    browser = await launchChromium();
    progress(`timeline (page): Chromium ${browser.version()}`);
    const short = await measure(browser, served.url, 'migration-40');
    const long = await measure(browser, served.url, 'migration-4000');
    const out = [
      ...runFigures(long, '4,000-step', true),
      ...runFigures(short, '40-step', false),
      figure(
        'seek to screen, 4,000-step / 40-step run, wall medians',
        median(paints(long)) / median(paints(short)),
        '×',
        undefined,
        "what the run's length adds to a seek; the 40-step run is the floor (a replay of a few events, the same page drawn)",
      ),
    ];
    if (long.cpu.length && short.cpu.length)
      out.push(
        figure(
          "… the same, main thread's CPU medians",
          median(long.cpu) / median(short.cpu),
          '×',
          undefined,
          `${median(long.cpu).toFixed(1)} / ${median(short.cpu).toFixed(1)} ms: read this ratio on a busy machine`,
        ),
      );
    out.push(...loadFigures(start));
    return out;
  } finally {
    if (browser) await browser.close().catch(() => undefined);
    if (served) await served.close().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  }
}
