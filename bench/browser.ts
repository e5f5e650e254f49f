/**
 * The page half of `npm run bench`: the production build in Debian's Chromium (playwright-core
 * driving /usr/bin/chromium), next to a minimal app of the same dependencies (bench/minimal-app/:
 * React + React Flow drawing 8 nodes, one XState actor, a zustand store, an idb-keyval get/set),
 * both built with the repo's vite in this run.
 *
 * 1. Bundle: gzip (level 9) of every .js and .css file of each build, and the ratio.
 * 2. Cold load: navigation start to the 8 state nodes drawn (visible), a fresh browser context
 *    (empty cache, empty storage) per sample, median of 10, the two apps interleaved; and, for
 *    ours, to data-ready (storage read, the run saved, every panel there).
 * 3. Tick to screen at a 1,000-step plan, around step 500: click btn-step inside the page and
 *    time the read-outs changing and the next frame painted.
 * 4. The page's JS heap after GC at the end of a 40-step and a 4,000-step run, and of the
 *    minimal app after it is drawn (the floor).
 * 5. How many cores this module (with its Chromium) and other processes kept busy meanwhile.
 *
 * Everything it starts (builds, servers, the browser) is stopped in `finally` blocks; every wait
 * has a time limit; progress goes to stderr. The builds, the server, Chromium and the cold load
 * are shared with bench/storage.ts through bench/chromium.ts.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  ROOT,
  STATES,
  WAIT_LIMIT,
  coldLoad,
  cpuMark,
  expectText,
  launchChromium,
  loadFigures,
  newContext,
  openOurs,
  readInt,
  readText,
  serve,
  toApproval,
  viteBuild,
  watchDrawn,
  within,
  type Drawn,
  type Load,
  type Served,
} from './chromium';
import { atMost, figure, median, percentile, progress, range, type Figure } from './lib';

const MINIMAL_CONFIG = join(ROOT, 'bench', 'minimal-app', 'vite.config.ts');

const COLD_SAMPLES = 10;
const TICK_SAMPLES = 50;
/** Where the tick samples start, on the 1,000-step plan. */
const TICK_FROM_STEP = 500;
/** Time limit (ms): a whole run to completion, or the stepping to step 500 and the tick samples. */
const RUN_LIMIT = 120_000;

const MB = 1_000_000;
const kB = 1000;

// ─── Builds ──────────────────────────────────────────────────────────────────────────────────

interface OutputFile {
  file: string;
  raw: number;
  gzip: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every .js and .css file of a build with its gzip size (level 9), biggest first. */
function bundleFiles(dir: string): OutputFile[] {
  return filesUnder(dir)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((f) => {
      const bytes = readFileSync(f);
      return { file: relative(dir, f), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

const sum = (files: OutputFile[], key: 'raw' | 'gzip') => files.reduce((n, f) => n + f[key], 0);
const kb = (bytes: number) => `${(bytes / kB).toFixed(1)} kB`;
const listFiles = (files: OutputFile[], n = 4) => files.slice(0, n).map((f) => `${f.file} ${kb(f.gzip)} gz (${kb(f.raw)} raw)`).join(', ');

// ─── In the page ─────────────────────────────────────────────────────────────────────────────

interface TickSample {
  /** Click to the read-outs changed (the engine's step and React's commit). */
  commit: number;
  /** Click to the first animation frame after the change (its rAF callback). */
  frame: number;
  /** Click to just after that frame was produced (rAF, then a message-channel task). */
  paint: number;
  /** Whether the tick wrote a checkpoint (checkpoint-count changed): the page then shows it once IndexedDB has it. */
  wrote: boolean;
  /** Click to the second rAF after the change (double rAF). */
  doubleFrame: number;
}

/**
 * Inside the page: `n` ticks, each clicked at a random moment of a frame (as a person's click
 * would land), after the page has settled from the previous one.
 */
async function tickSamples(n: number): Promise<TickSample[]> {
  const q = (id: string) => document.querySelector(`[data-testid="${id}"]`);
  const read = () => `${q('current-step')?.textContent ?? ''}|${q('current-state')?.textContent ?? ''}`;
  const frame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
  const samples: TickSample[] = [];
  for (let i = 0; i < n; i++) {
    await frame();
    await frame();
    await new Promise((r) => setTimeout(r, Math.random() * 16));
    const button = q('btn-step') as HTMLButtonElement | null;
    if (!button || button.disabled) throw new Error(`btn-step not enabled at sample ${i} (${read()})`);
    const before = read();
    const checkpoints = q('checkpoint-count')?.textContent;
    const t0 = performance.now();
    button.click();
    await new Promise<void>((done, fail) => {
      if (read() !== before) return done();
      const timer = setTimeout(() => {
        observer.disconnect();
        fail(new Error(`no change after a tick within 10 s (${before})`));
      }, 10_000);
      const observer = new MutationObserver(() => {
        if (read() === before) return;
        clearTimeout(timer);
        observer.disconnect();
        done();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const commit = performance.now() - t0;
    const times = await new Promise<[number, number, number]>((done) => {
      requestAnimationFrame(() => {
        const tFrame = performance.now();
        let tPaint = 0;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (tPaint = performance.now());
        channel.port2.postMessage(0);
        requestAnimationFrame(() => {
          const tDouble = performance.now();
          // The message runs long before the next frame; wait for it in the unlikely case it has not.
          const finish = () => (tPaint ? done([tFrame, tPaint, tDouble]) : setTimeout(finish, 0));
          finish();
        });
      });
    });
    const wrote = q('checkpoint-count')?.textContent !== checkpoints;
    samples.push({ commit, frame: times[0] - t0, paint: times[1] - t0, doubleFrame: times[2] - t0, wrote });
  }
  return samples;
}

/** A page with nothing but a step button and a read-out: the floor of the tick-to-screen measure. */
const FLOOR_PAGE = `<button data-testid="btn-step">step</button> <span data-testid="current-step">0</span>
<script>document.querySelector('button').onclick = () => { const s = document.querySelector('[data-testid=current-step]'); s.textContent = String(Number(s.textContent) + 1); };</script>`;

/**
 * A page with a step button and one list box, nothing else: a table of rows of eight cells (like a
 * ledger row) that gains a row a click and follows the newest in the next frame, as the ledger
 * does. `most` rows at most: 119, dropping 40 once it has 120 (the ledger's window), or 10,
 * dropping the oldest on every click (a list cut to the rows in view). What one list panel costs
 * on its own, in plain DOM.
 */
const listPage = (most: number) => `<style>
  body { font: 13px sans-serif; margin: 0; }
  .box { height: 14rem; width: 40rem; overflow: auto; contain: strict; background: #fff; }
  table { border-collapse: collapse; width: 100%; }
  td { border-bottom: 1px solid #eee; padding: 1px 4px; vertical-align: top; }
</style>
<button data-testid="btn-step">step</button> <span data-testid="current-step">0</span>
<div class="box"><table><tbody></tbody></table></div>
<script>
  const box = document.querySelector('.box');
  const body = box.querySelector('tbody');
  const most = ${most};
  const drop = most > 40 ? 40 : 1;
  let n = 0;
  function add() {
    n++;
    const tr = document.createElement('tr');
    for (const text of [n, 1, 'read_file', '{"path":"schema/source' + n + '.sql","round":2}', 'ok', '', 'model', 'Day 2 · 01:' + (n % 60)]) {
      const td = document.createElement('td');
      td.textContent = String(text);
      tr.append(td);
    }
    body.append(tr);
    if (body.children.length > most) for (let i = 0; i < drop; i++) body.firstChild.remove();
    document.querySelector('[data-testid=current-step]').textContent = String(n);
    requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
  }
  for (let i = 0; i < Math.min(90, most); i++) add();
  document.querySelector('button').onclick = add;
</script>`;

/**
 * The tick samples in two: those that wrote a checkpoint wait for IndexedDB before the page shows
 * them (a step's effects are never shown before its checkpoint is durable), the others do not.
 */
function splitByWrite(samples: TickSample[]): Figure[] {
  const out: Figure[] = [];
  for (const [wrote, label] of [[false, 'no checkpoint written'], [true, 'a checkpoint written (shown once IndexedDB has it)']] as const) {
    const some = samples.filter((s) => s.wrote === wrote);
    if (some.length === 0) continue;
    out.push(
      figure(`tick to screen, ticks with ${label}, median`, median(some.map((s) => s.paint)), 'ms', undefined,
        `${some.length} of ${samples.length} ticks; click to read-outs changed ${median(some.map((s) => s.commit)).toFixed(1)} ms`),
    );
  }
  return out;
}

/** The tick samples on a new page of the context made of `html` (FLOOR_PAGE, listPage). */
async function ticksOn(context: BrowserContext, html: string, what: string): Promise<TickSample[]> {
  const page = await context.newPage();
  await page.setContent(html);
  return within(page.evaluate(tickSamples, TICK_SAMPLES), RUN_LIMIT, `tick samples, ${what}`);
}

/** Inside the page: the median interval between animation frames (the page's frame rate). */
async function frameInterval(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 31; i++) times.push(await new Promise<number>((r) => requestAnimationFrame(r)));
  const deltas = times.slice(1).map((t, i) => t - (times[i] as number)).sort((a, b) => a - b);
  return deltas[Math.floor(deltas.length / 2)] as number;
}

/**
 * Inside the page: press btn-step until current-step reaches about `target`. The page publishes a
 * change only once the checkpoints it asked for are durable, so the read-out can lag the clicks:
 * press at most 100 times (a frame every 20), wait for the read-out to move and then to stay put
 * for half a second, look again.
 */
async function stepTo(target: number): Promise<number> {
  const q = (id: string) => document.querySelector(`[data-testid="${id}"]`);
  const step = () => Number((q('current-step')?.textContent ?? '').replace(/[^\d]/g, ''));
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  for (let round = 0; round < 100 && step() < target; round++) {
    const from = step();
    const presses = Math.min(100, target - from);
    for (let i = 0; i < presses; i++) {
      (q('btn-step') as HTMLButtonElement).click();
      if (i % 20 === 19) await frame();
    }
    const t0 = performance.now();
    while (step() === from && performance.now() - t0 < 10_000) await pause(20);
    let last = step();
    let since = performance.now();
    while (performance.now() - since < 500 && performance.now() - t0 < 20_000) {
      await pause(50);
      if (step() !== last) {
        last = step();
        since = performance.now();
      }
    }
  }
  await frame();
  return step();
}

// ─── Driving the page ────────────────────────────────────────────────────────────────────────

/** Start, fast-forward to the approval at step 27, approve. */
async function toPastApproval(page: Page): Promise<void> {
  await toApproval(page);
  await page.getByTestId('btn-approve').click();
  await expectText(page, 'current-state', 'running');
}

/** The page's JS heap after two full collections, through the DevTools protocol. */
async function heapAfterGc(context: BrowserContext, page: Page): Promise<number> {
  // Let animations and effects of the last change settle first.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300)))));
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

interface RunEnd {
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
async function heapAtEnd(browser: Browser, url: string, scenario: string): Promise<RunEnd> {
  const context = await newContext(browser);
  try {
    const page = await openOurs(context, url, scenario);
    const t0 = performance.now();
    const where = async () => `${await readText(page, 'current-state')} at step ${await readText(page, 'current-step')}`;
    await toPastApproval(page);
    for (let i = 0; ; i++) {
      const state = await readText(page, 'current-state');
      if (state === 'completed') break;
      const left = RUN_LIMIT - (performance.now() - t0);
      if (left <= 0) return { heap: null, seconds: (performance.now() - t0) / 1000, at: await where() };
      if (state === 'failed' || state === 'cancelled' || i >= 20) throw new Error(`${scenario}: ${await where()} after ${i} fast-forwards, expected completed`);
      const button = page.getByTestId(state === 'waiting_approval' ? 'btn-approve' : 'btn-fast-forward-approval');
      // The whole fast-forward runs inside the click; a disabled button means the page has not caught up yet.
      if (await button.isEnabled()) await button.click({ timeout: Math.max(10_000, left) });
      await page
        .waitForFunction(() => {
          const s = document.querySelector('[data-testid="current-state"]')?.textContent?.trim();
          return s === 'completed' || s === 'failed' || s === 'cancelled' || s === 'waiting_approval';
        }, null, { timeout: Math.max(1000, left) })
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
function heapFigure(name: string, end: RunEnd, limit: number): Figure {
  const took = `the run (start, fast-forward, approve, fast-forward to completed) took ${end.seconds.toFixed(1)} s of wall time`;
  if (end.heap !== null) return figure(name, end.heap / MB, 'MB', atMost(limit), took);
  return {
    ...figure(name, Number.NaN, 'MB', atMost(limit)),
    ok: false,
    note: `not measured: the page still showed ${end.at} after ${end.seconds.toFixed(0)} s (limit ${RUN_LIMIT / 1000} s)`,
  };
}

async function minimalHeap(browser: Browser, url: string): Promise<number> {
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

// ─── The module ──────────────────────────────────────────────────────────────────────────────

export async function run(): Promise<Figure[]> {
  const start = cpuMark();
  const figures: Figure[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'hs-bench-'));
  const servers: Served[] = [];
  let browser: Browser | undefined;
  try {
    // 1. Bundles.
    const oursDir = join(tmp, 'ours');
    const minimalDir = join(tmp, 'minimal');
    progress('building the app and the minimal app (vite build)');
    await viteBuild(oursDir, []);
    await viteBuild(minimalDir, ['--config', MINIMAL_CONFIG]);
    const oursFiles = bundleFiles(oursDir);
    const minimalFiles = bundleFiles(minimalDir);
    const oursGz = sum(oursFiles, 'gzip');
    const minimalGz = sum(minimalFiles, 'gzip');
    progress(`bundle: ours ${kb(oursGz)} gz (${listFiles(oursFiles)}); minimal ${kb(minimalGz)} gz (${listFiles(minimalFiles)})`);
    figures.push(
      figure('bundle JS+CSS gzip, the app', oursGz / kB, 'kB', undefined, `${oursFiles.length} files, ${kb(sum(oursFiles, 'raw'))} raw; largest: ${listFiles(oursFiles)}`),
      figure('bundle JS+CSS gzip, minimal app of the same dependencies', minimalGz / kB, 'kB', undefined, `bench/minimal-app; ${listFiles(minimalFiles)}`),
      figure('bundle app / minimal', oursGz / minimalGz, '×', atMost(1.5)),
    );

    const ours = await serve(oursDir);
    servers.push(ours);
    const minimal = await serve(minimalDir);
    servers.push(minimal);
    browser = await launchChromium();
    progress(`Chromium ${browser.version()}`);

    // 2. Cold loads, interleaved, after one discarded load of each.
    const oursUrl = `${ours.url}?lang=en&run=new`;
    await coldLoad(browser, oursUrl, 'ours');
    await coldLoad(browser, minimal.url, 'minimal');
    const oursLoads: Load[] = [];
    const minimalLoads: Load[] = [];
    for (let i = 0; i < COLD_SAMPLES; i++) {
      oursLoads.push(await coldLoad(browser, oursUrl, 'ours'));
      minimalLoads.push(await coldLoad(browser, minimal.url, 'minimal'));
      const [o, m] = [oursLoads[i] as Load, minimalLoads[i] as Load];
      progress(`cold load ${i + 1}/${COLD_SAMPLES}: app ${o.visible.toFixed(0)} ms drawn, ${o.ready.toFixed(0)} ms data-ready; minimal ${m.inDom.toFixed(0)} ms in the DOM, ${m.visible.toFixed(0)} ms drawn`);
    }
    const pick = (loads: Load[], key: keyof Load) => loads.map((l) => l[key]);
    const [oursDrawn, minimalDrawn] = [pick(oursLoads, 'visible'), pick(minimalLoads, 'visible')];
    const [oursReady, oursInDom, minimalInDom] = [pick(oursLoads, 'ready'), pick(oursLoads, 'inDom'), pick(minimalLoads, 'inDom')];
    figures.push(
      figure('cold load to the diagram drawn (8 nodes visible), the app (median of 10)', median(oursDrawn), 'ms', undefined,
        `navigation start to the 8 state-<name> nodes visible (React Flow shows a node once measured); samples ${range(oursDrawn)} ms`),
      figure('cold load to the diagram drawn (8 nodes visible), minimal app (median of 10)', median(minimalDrawn), 'ms', undefined, `samples ${range(minimalDrawn)} ms`),
      figure('cold load to the diagram drawn, app / minimal', median(oursDrawn) / median(minimalDrawn), '×', atMost(1.3)),
      figure('cold load to data-ready, the app (median of 10)', median(oursReady), 'ms', undefined,
        `the diagram drawn and data-ready="true": IndexedDB opened and probed, the fresh run saved, the tab's role known, every panel mounted; samples ${range(oursReady)} ms`),
      figure('cold load to data-ready, app / minimal drawn', median(oursReady) / median(minimalDrawn), '×', undefined, 'the minimal app waits for no storage'),
      figure('cold load to 8 nodes in the DOM (maybe hidden), app / minimal', median(oursInDom) / median(minimalInDom), '×', undefined,
        `medians ${median(oursInDom).toFixed(0)} / ${median(minimalInDom).toFixed(0)} ms`),
    );

    // 3. One tick to screen at a 1,000-step plan, from about step 500.
    {
      const context = await newContext(browser);
      try {
        const page = await openOurs(context, ours.url, 'migration-1000');
        await toPastApproval(page);
        progress(`stepping migration-1000 to step ${TICK_FROM_STEP}`);
        const at = await within(page.evaluate(stepTo, TICK_FROM_STEP), RUN_LIMIT, 'stepping to the start');
        const rows = await page.getByTestId('ledger-row').count();
        const todos = await page.getByTestId('todo').count();
        progress(`at step ${at} (${rows} ledger rows and ${todos} todos in the DOM); ${TICK_SAMPLES} tick samples`);
        const interval = await within(page.evaluate(frameInterval), WAIT_LIMIT, 'frame interval');
        const samples = await within(page.evaluate(tickSamples, TICK_SAMPLES), RUN_LIMIT, 'tick samples');
        const end = await readInt(page, 'current-step');
        const paint = samples.map((s) => s.paint);
        const commit = samples.map((s) => s.commit);
        const frame = samples.map((s) => s.frame);
        const double = samples.map((s) => s.doubleFrame);
        const where = `migration-1000, steps ${at}–${end}; ${rows} ledger rows and ${todos} todos in the DOM at the start`;
        figures.push(
          figure(`tick to screen, median (click to next frame painted; ${TICK_SAMPLES} ticks)`, median(paint), 'ms', atMost(16), `${where}; click at a random point of a frame, then MutationObserver on current-step/current-state, then requestAnimationFrame and a MessageChannel task (after that frame's paint)`),
          figure('tick to screen, p95', percentile(paint, 95), 'ms'),
          ...splitByWrite(samples),
          figure('tick: click to read-outs changed (engine + React commit), median', median(commit), 'ms', undefined, `p95 ${percentile(commit, 95).toFixed(1)} ms`),
          figure('tick: click to the next rAF after the change, median', median(frame), 'ms'),
          figure('tick: click to the second rAF after the change (double rAF), median', median(double), 'ms', undefined, 'includes one whole frame interval by construction'),
          figure('frame interval of the page (median rAF to rAF, idle)', interval, 'ms'),
        );
        // Where the rest goes: the same page with one side panel left (the ledger, the one the
        // article is about), then with none (the diagram, read-outs, controls and meters alone);
        // then, in the same context, pages that do less: one number, one list, the minimal app.
        const onlyLedger = await page.addStyleTag({ content: '.hs-col--side > :not(.hs-ledger) { display: none !important; }' });
        const ledger = await within(page.evaluate(tickSamples, TICK_SAMPLES), RUN_LIMIT, 'tick samples, only the ledger');
        await onlyLedger.evaluate((tag) => (tag as Element).remove());
        await page.addStyleTag({ content: '.hs-col--side { display: none !important; }' });
        const bare = await within(page.evaluate(tickSamples, TICK_SAMPLES), RUN_LIMIT, 'tick samples, side column hidden');
        const quiet = (samples: TickSample[]) => `${samples.filter((s) => !s.wrote).length} wrote no checkpoint: median ${median(samples.filter((s) => !s.wrote).map((s) => s.paint)).toFixed(1)} ms`;
        figures.push(
          figure('tick to screen with the ledger the only side panel shown, median', median(ledger.map((s) => s.paint)), 'ms', undefined,
            `the next ${TICK_SAMPLES} ticks of the same run, the other side panels display:none; ${quiet(ledger)}`),
          figure('tick to screen with the side panels hidden, median', median(bare.map((s) => s.paint)), 'ms', undefined,
            `the ${TICK_SAMPLES} ticks after those, the side column display:none; ${quiet(bare)}`),
        );
        const floor = await ticksOn(context, FLOOR_PAGE, 'floor page');
        const list = await ticksOn(context, listPage(119), 'list page');
        const short = await ticksOn(context, listPage(10), 'short list page');
        figures.push(
          figure('tick to screen, a page whose button changes one number (the floor of this measure)', median(floor.map((s) => s.paint)), 'ms', undefined,
            'the same click and frame timing; what is left is waiting for the display\'s next frame'),
          figure('tick to screen, a page with one table of 80–119 rows that gains a row a click (one list panel alone)', median(list.map((s) => s.paint)), 'ms', undefined,
            'plain DOM, no React: what one list like the ledger costs by itself on this machine, beside the one-number page'),
          figure('tick to screen, the same page with a table of 10 rows (one list cut to the rows in view)', median(short.map((s) => s.paint)), 'ms', undefined,
            'the oldest row dropped on every click'),
        );
        const minimalPage = await context.newPage();
        await minimalPage.goto(minimal.url);
        await minimalPage.locator('.react-flow__node').first().waitFor({ timeout: WAIT_LIMIT });
        const stack = await within(minimalPage.evaluate(tickSamples, TICK_SAMPLES), RUN_LIMIT, 'tick samples, minimal app');
        figures.push(
          figure('tick to screen, the minimal app (its button steps an XState actor and moves the highlighted node: React and React Flow redraw)', median(stack.map((s) => s.paint)), 'ms', undefined,
            `the same click and frame timing; click to read-out changed ${median(stack.map((s) => s.commit)).toFixed(1)} ms`),
          figure('tick to screen, the app / the minimal app', median(paint) / median(stack.map((s) => s.paint)), '×', undefined,
            'the page\'s tick median over the minimal app\'s; a relative figure, as the bundle and cold load have (docs/BENCHMARKS.md, session 4)'),
        );
      } finally {
        await context.close();
      }
    }

    // 4. Heap after GC.
    progress('heap: minimal app');
    const floor = await minimalHeap(browser, minimal.url);
    progress('heap: migration-40 to completion');
    const h40 = await heapAtEnd(browser, ours.url, 'migration-40');
    progress(`heap: migration-4000 to completion (migration-40 took ${h40.seconds.toFixed(1)} s)`);
    const h4000 = await heapAtEnd(browser, ours.url, 'migration-4000');
    progress(`migration-4000 run took ${h4000.seconds.toFixed(1)} s (${h4000.at})`);
    figures.push(
      figure('page JS heap after GC, minimal app drawn (floor)', floor / MB, 'MB', undefined, 'CDP HeapProfiler.collectGarbage ×2, then Runtime.getHeapUsage usedSize; MB = 10^6 bytes'),
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
