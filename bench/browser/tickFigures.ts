/**
 * Tick to screen, as ratios to the minimal app's tick in the same run (an absolute frame time
 * does not hold on a 2-core machine with software raster; a ratio in one run does):
 * - at a 1,000-step plan, from about step 500: median ≤ 1.3×, p95 ≤ 1.6×, and every tick that
 *   wrote a checkpoint shown only after IndexedDB completed its writes;
 * - at 40 steps (steps 1 to 25, before the approval at 27): median ≤ 1.2×;
 * - and where the time goes: the page with one side panel, with none, and plain pages.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { WAIT_LIMIT, expectText, newContext, openOurs, readInt, within } from '../chromium';
import { atMost, figure, median, percentile, progress, type Figure } from '../lib';
import { toPastApproval } from './heap';
import {
  FLOOR_PAGE,
  RUN_LIMIT,
  TICK_SAMPLES,
  frameInterval,
  listPage,
  splitByWrite,
  stepTo,
  tickSamples,
  ticksOn,
  watchWrites,
  type TickSample,
} from './ticks';

/** Where the 1,000-step samples start, and how many ticks the 40-step run has before its approval. */
const TICK_FROM_STEP = 500;
const SHORT_SAMPLES = 25;

const paints = (s: TickSample[]) => s.map((x) => x.paint);
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** The minimal app's tick samples, on a page of `context`. */
async function minimalTicks(context: BrowserContext, url: string): Promise<TickSample[]> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.locator('.react-flow__node').first().waitFor({ timeout: WAIT_LIMIT });
    return await within(page.evaluate(tickSamples, TICK_SAMPLES), RUN_LIMIT, 'tick samples, minimal app');
  } finally {
    await page.close();
  }
}

/** The ratio figures of one sample set against the minimal app's. */
function ratios(
  label: string,
  ours: TickSample[],
  minimal: TickSample[],
  medianTarget: number,
  p95Target?: number,
): Figure[] {
  const [om, mm] = [median(paints(ours)), median(paints(minimal))];
  const [op, mp] = [percentile(paints(ours), 95), percentile(paints(minimal), 95)];
  const out = [
    figure(
      `tick to screen ${label}, median / the minimal app's`,
      om / mm,
      '×',
      atMost(medianTarget),
      `medians ${ms(om)} / ${ms(mm)}; ${ours.length} and ${minimal.length} ticks`,
    ),
  ];
  if (p95Target !== undefined)
    out.push(
      figure(
        `tick to screen ${label}, p95 / the minimal app's`,
        op / mp,
        '×',
        atMost(p95Target),
        `p95 ${ms(op)} / ${ms(mp)}`,
      ),
    );
  return out;
}

/** Durable before shown: of the ticks that wrote a checkpoint, how many showed before IndexedDB had it. */
function durability(samples: TickSample[]): Figure {
  const wrote = samples.filter((s) => s.wrote);
  const early = wrote.filter((s) => s.durable === false).length;
  return figure(
    'tick to screen at 1,000 steps: ticks shown before their checkpoint was durable',
    early,
    'ticks',
    atMost(0),
    `${wrote.length} of ${samples.length} ticks wrote a checkpoint; each IndexedDB readwrite transaction the tick started had fired complete before the read-outs changed`,
  );
}

/** The 1,000-step samples and the breakdown on the same page. */
async function longPlan(page: Page, context: BrowserContext): Promise<{ figures: Figure[]; samples: TickSample[] }> {
  await toPastApproval(page);
  progress(`stepping migration-1000 to step ${TICK_FROM_STEP}`);
  const at = await within(page.evaluate(stepTo, TICK_FROM_STEP), RUN_LIMIT, 'stepping to the start');
  const rows = await page.getByTestId('ledger-row').count();
  const todos = await page.getByTestId('todo').count();
  progress(`at step ${at} (${rows} ledger rows and ${todos} todos in the DOM); ${TICK_SAMPLES} tick samples`);
  const interval = await within(page.evaluate(frameInterval), WAIT_LIMIT, 'frame interval');
  const samples = await within(page.evaluate(tickSamples, TICK_SAMPLES), RUN_LIMIT, 'tick samples');
  const end = await readInt(page, 'current-step');
  const where = `migration-1000, steps ${at}–${end}; ${rows} ledger rows and ${todos} todos in the DOM at the start`;
  const commit = samples.map((s) => s.commit);
  const figures = [
    figure(
      `tick to screen at 1,000 steps, median (click to next frame painted; ${TICK_SAMPLES} ticks)`,
      median(paints(samples)),
      'ms',
      undefined,
      `${where}; click at a random point of a frame, then MutationObserver on current-step/current-state, then requestAnimationFrame and a MessageChannel task (after that frame's paint)`,
    ),
    figure('tick to screen at 1,000 steps, p95', percentile(paints(samples), 95), 'ms'),
    ...splitByWrite(samples),
    figure(
      'tick: click to read-outs changed (engine + React commit), median',
      median(commit),
      'ms',
      undefined,
      `p95 ${ms(percentile(commit, 95))}`,
    ),
    figure('frame interval of the page (median rAF to rAF, idle)', interval, 'ms'),
  ];
  // Where the rest goes: the same page with the ledger the only side panel, then with none;
  // then, in the same context, pages that do less: one number, one list.
  const onlyLedger = await hidePanels(page, ONLY_LEDGER, ['ledger']);
  const ledger = await within(page.evaluate(tickSamples, TICK_SAMPLES), RUN_LIMIT, 'tick samples, only the ledger');
  await onlyLedger.evaluate((tag) => (tag as Element).remove());
  await hidePanels(page, NO_PANELS, []);
  const bare = await within(page.evaluate(tickSamples, TICK_SAMPLES), RUN_LIMIT, 'tick samples, side column hidden');
  const floor = await ticksOn(context, FLOOR_PAGE, 'floor page');
  const list = await ticksOn(context, listPage(119), 'list page');
  figures.push(
    figure(
      'tick to screen with the ledger the only side panel shown, median',
      median(paints(ledger)),
      'ms',
      undefined,
      `the next ${TICK_SAMPLES} ticks of the same run, the other side panels display:none`,
    ),
    figure(
      'tick to screen with the side panels hidden, median',
      median(paints(bare)),
      'ms',
      undefined,
      `the ${TICK_SAMPLES} ticks after those, the side column display:none`,
    ),
    figure(
      'tick to screen, a page whose button changes one number (the floor of this measure)',
      median(paints(floor)),
      'ms',
      undefined,
      "what is left is waiting for the display's next frame",
    ),
    figure(
      'tick to screen, a plain-DOM table of 80–119 rows that gains a row a click (one list, no React)',
      median(paints(list)),
      'ms',
    ),
  );
  return { figures, samples };
}

/** The side panels (App.tsx's `.hs-panels`, each panel or its fold a child) but the ledger; all of them. */
const ONLY_LEDGER = '.hs-panels > :not(.hs-ledger):not(:has(.hs-ledger)) { display: none !important; }';
const NO_PANELS = '.hs-panels { display: none !important; }';

/**
 * Adds `css` to the page and checks that it left exactly the panels named in `shown` drawn (a
 * panel's name is its class `hs-<name>`): a selector that matches nothing, as one left behind by
 * a change of the layout would, must not pass for a measure of what it hides.
 */
async function hidePanels(page: Page, css: string, shown: string[]) {
  const tag = await page.addStyleTag({ content: css });
  const drawn = await page.evaluate(() =>
    [...document.querySelectorAll('.hs-panels .hs-panel')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => [...el.classList].find((c) => c !== 'hs-panel')?.replace(/^hs-/, '') ?? '?'),
  );
  if (drawn.join() !== shown.join())
    throw new Error(`hiding side panels left [${drawn.join()}] drawn, not [${shown.join()}]`);
  return tag;
}

/** Steps 1 to 25 of a 40-step run, one tick a sample. */
async function shortPlan(page: Page): Promise<TickSample[]> {
  await page.getByTestId('btn-start').click();
  await expectText(page, 'current-state', 'planning');
  await page.getByTestId('btn-step').click();
  await expectText(page, 'current-state', 'running');
  return within(page.evaluate(tickSamples, SHORT_SAMPLES), RUN_LIMIT, 'tick samples, migration-40');
}

/** Every tick figure: ours at 1,000 and at 40 steps, each followed by the minimal app's in the same context. */
export async function tickFigures(browser: Browser, oursUrl: string, minimalUrl: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  {
    const context = await newContext(browser);
    try {
      await context.addInitScript(watchWrites);
      const page = await openOurs(context, oursUrl, 'migration-1000');
      const long = await longPlan(page, context);
      await page.close();
      const minimal = await minimalTicks(context, minimalUrl);
      figures.push(
        ...long.figures,
        figure(
          'tick to screen, the minimal app (its button steps an XState actor and moves the highlighted node)',
          median(paints(minimal)),
          'ms',
          undefined,
          `p95 ${ms(percentile(paints(minimal), 95))}; click to read-out changed ${ms(median(minimal.map((s) => s.commit)))}`,
        ),
        ...ratios('at 1,000 steps', long.samples, minimal, 1.3, 1.6),
        durability(long.samples),
      );
    } finally {
      await context.close();
    }
  }
  {
    const context = await newContext(browser);
    try {
      const page = await openOurs(context, oursUrl, 'migration-40');
      progress(`migration-40: ${SHORT_SAMPLES} tick samples from step 1`);
      const short = await shortPlan(page);
      await page.close();
      const minimal = await minimalTicks(context, minimalUrl);
      figures.push(
        figure(
          'tick to screen at 40 steps, median',
          median(paints(short)),
          'ms',
          undefined,
          `steps 1–${SHORT_SAMPLES} of migration-40; p95 ${ms(percentile(paints(short), 95))}`,
        ),
        ...ratios('at 40 steps', short, minimal, 1.2),
      );
    } finally {
      await context.close();
    }
  }
  return figures;
}
