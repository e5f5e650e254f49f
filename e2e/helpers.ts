import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

/**
 * Waits until `selector` matches in the page (`absent`: matches nothing), checked at every frame,
 * for at most expect's own 5 s; it never fails: the `expect` after it says what is wrong.
 * Playwright's expect retries at 20, 50, 100, 100 and then every 500 ms, so a wait of a second (a
 * page load, a lesson's stop storing its runs) pays 250 ms on average past the moment it was met;
 * this pays a frame (8 loads a side, interleaved: 758 against 892 ms from goto to ready).
 */
export async function frameWait(page: Page, selector: string, absent = false) {
  await page
    .waitForFunction(([sel, gone]) => (document.querySelector(sel) === null) === gone, [selector, absent] as const, {
      timeout: 5_000,
    })
    .catch(() => undefined);
}

/** Opens the page with the given query and waits for it to be ready (expectReady). */
export async function open(page: Page, query = '') {
  await page.goto(`/${query}`);
  await expectReady(page);
  // A lesson opened at a stop shows it once the stop's runs are stored (store/lessonRuns.ts).
  if (/[?&]lesson=/.test(query) && !/[?&]guide=/.test(query)) {
    await frameWait(page, '[data-testid="lesson"][aria-busy="false"]');
    await expect(page.getByTestId('lesson')).toHaveAttribute('aria-busy', 'false');
  }
}

/**
 * `data-ready` (ui-contract: the run stands, the first screen is there), then the panels below
 * the first screen, which arrive after it one a frame (`data-panels="all"` once all are in), so
 * a test may count their rows.
 */
export async function expectReady(page: Page) {
  await frameWait(page, '[data-testid="app"][data-ready="true"][data-panels="all"]');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('app')).toHaveAttribute('data-panels', 'all');
}

export const text = async (page: Page, id: string) => (await page.getByTestId(id).textContent())?.trim() ?? '';
export const int = async (page: Page, id: string) => Number((await text(page, id)).replace(/[^\d-]/g, ''));

export async function expectState(page: Page, state: string) {
  await expect(page.getByTestId('current-state')).toHaveText(state);
  await expect(page.getByTestId(`state-${state}`)).toHaveAttribute('data-active', 'true');
}

/** The thirteen lessons in the order a class takes them (the ui-contract's `lesson-item` ids). */
export const LESSON_IDS = [
  'three-endings',
  'approval',
  'fuse',
  'remind-recover',
  'no-progress',
  'recovery-hints',
  'density',
  'every-n',
  'plans',
  'cancel-resume',
  'replay-takeover',
  'smells',
  'simple-mode',
] as const;

/** The six screens of SPEC §13.4: a phone, a tablet both ways, three laptops and a projector. */
export const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
export const LANGS = ['zh', 'en'] as const;

/** A box on the page, in page coordinates (scroll included). */
export interface PageBox {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
export const overlap = (a: PageBox, b: PageBox, slack = 0.5) =>
  a.x + slack < b.x + b.w && b.x + slack < a.x + a.w && a.y + slack < b.y + b.h && b.y + slack < a.y + a.h;

/** Presses Tab until the element with `testId` has focus (at most `max` presses); fails otherwise. */
export async function tabTo(page: Page, testId: string, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) === testId) return;
  }
  throw new Error(`Tab never reached ${testId} in ${max} presses`);
}

/** Whether `inner` is drawn and lies inside the visible part of the scrolling box `box` (both locators). */
export async function shownInBox(box: Locator, inner: Locator): Promise<boolean> {
  // A windowed list may not have drawn `inner` at all: then it is not shown.
  if ((await inner.count()) === 0) return false;
  const [b, r] = await Promise.all([box.boundingBox(), inner.boundingBox()]);
  if (!b || !r) return false;
  // 2 px of slack: fractional row and box heights under the page's fonts, not a row cut off.
  return r.y >= b.y - 2 && r.y + r.height <= b.y + b.height + 2;
}

/**
 * Two tabs on one run (ui-contract `tab-role`): `a` starts it and drives, `b` follows and mirrors
 * it, then presses drive-here (`btn-take-over`) and `a` follows. Returns both pages for what the caller checks next.
 * Each tab is brought to the front before it is clicked, as a person would: Chromium draws a tab
 * behind another at a few frames a second, and a step waits for a frame (1.2 s a click, not 50 ms).
 */
export async function driveThenDriveHere(context: BrowserContext, steps: number): Promise<{ a: Page; b: Page }> {
  const a = await context.newPage();
  await open(a, '?lang=en&run=new');
  await a.getByTestId('btn-start').click();
  const b = await context.newPage();
  await open(b, '?lang=en');
  await expect(a.getByTestId('tab-role')).toHaveAttribute('data-role', 'driver');
  await expect(b.getByTestId('tab-role')).toHaveAttribute('data-role', 'follower');
  await expect(b.getByTestId('btn-step')).toBeDisabled();
  await a.bringToFront();
  for (let i = 0; i < steps; i++) await a.getByTestId('btn-step').click();
  await expect(b.getByTestId('current-step')).toHaveText(await text(a, 'current-step'));
  await b.bringToFront();
  await b.getByTestId('btn-take-over').click();
  await expect(b.getByTestId('tab-role')).toHaveAttribute('data-role', 'driver');
  await expect(a.getByTestId('tab-role')).toHaveAttribute('data-role', 'follower');
  await b.getByTestId('btn-step').click();
  await expect(a.getByTestId('btn-step')).toBeDisabled();
  return { a, b };
}

/** Predict-then-reveal is on in a lesson: answers a question that waits (its first choice), so the event applies. */
export async function answerPrediction(page: Page) {
  const prompt = page.getByTestId('predict-prompt');
  // The prompt's code loads once predict is on: wait for it, so a question put is already shown.
  if (await page.getByTestId('toggle-predict').isChecked())
    await page.getByTestId('predict-panel').waitFor({ state: 'attached' });
  if (!(await prompt.isVisible())) return;
  await prompt.getByTestId('predict-choice').first().click();
  await expect(page.getByTestId('predict-result')).toBeVisible();
}

/** The newest checkpoint in the history list: what a resume must stand on. */
export async function newestItem(page: Page) {
  const item = page.getByTestId('checkpoint-item').first();
  // A run killed before its first checkpoint has none (getAttribute would wait for one forever).
  if ((await page.getByTestId('checkpoint-item').count()) === 0)
    return { seq: NaN, step: null, state: null, trigger: null };
  return {
    seq: Number(await item.getAttribute('data-seq')),
    step: await item.getAttribute('data-step'),
    state: await item.getAttribute('data-state'),
    trigger: await item.getAttribute('data-trigger'),
  };
}

/**
 * Waits until the lesson stop asked for is shown: a stop's runs are written to storage before it
 * shows (store/lessonRuns.ts), and meanwhile the stop before stays, inert, as `lesson-busy`.
 */
export async function stopShown(page: Page) {
  await frameWait(page, '[data-testid="lesson-busy"]', true);
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0);
}

/** Steps the open lesson forward (answering its predictions) to its first your-turn stop. */
export async function toYourTurn(page: Page): Promise<Locator> {
  const turn = page.getByTestId('lesson-your-turn');
  await stopShown(page);
  for (let k = 0; k < 20 && !(await turn.isVisible()); k++) {
    await page.getByTestId('btn-lesson-next').click();
    await answerPrediction(page);
    await stopShown(page);
  }
  await expect(turn).toBeVisible();
  return turn;
}

/** Resizes the page and waits until the diagram's nodes stand still for two frames (it re-fits itself). */
export async function resizeTo(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __lastBoxes?: string };
      const boxes = [...document.querySelectorAll('.react-flow__node-taskState, .hs-edge__label')]
        .map((n) => {
          const r = n.getBoundingClientRect();
          return `${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)},${Math.round(r.height)}`;
        })
        .join(';');
      const same = boxes !== '' && boxes === w.__lastBoxes;
      w.__lastBoxes = boxes;
      return same;
    },
    undefined,
    { polling: 100 },
  );
}

/** axe-core's source, put in a page once (AxeBuilder injects it again at every analysis). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's violations on the page as it is now: axe-core put into the page once per document, then
 * run with only violations kept (axe skips the detail of every rule that passed). `exclude`
 * leaves selectors out; `rules` runs only those.
 */
export async function axeViolations(page: Page, exclude: readonly string[] = [], rules?: readonly string[]) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    ([ex, only]) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      return axe
        .run({ include: [document], exclude: ex.map((s) => [s]) } as import('axe-core').ElementContext, {
          resultTypes: ['violations'],
          ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
        })
        .then((r) =>
          r.violations.map(({ id, impact, nodes }) => ({
            id,
            impact,
            nodes: nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary ?? '' })),
          })),
        );
    },
    [[...exclude], rules ? [...rules] : null] as const,
  );
}

/**
 * What axe finds on the page as it is now, one line a rule (prefixed by `where`, e.g. the size),
 * with up to four of its nodes; `exclude` leaves selectors out.
 */
export async function axeFindings(page: Page, where: string, exclude: readonly string[] = []): Promise<string[]> {
  return (await axeViolations(page, exclude)).map(
    (v) =>
      `${where} ${v.id} (${v.impact}): ${v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/**
 * A fresh run of the same scenario and settings on the page as it stands (`btn-new-run`, the
 * settings' apply): what a merged test uses between its steps instead of a new page, which costs
 * a page load (about a second under load) where this costs a frame.
 */
export async function freshRun(page: Page) {
  await page.getByTestId('btn-new-run').click();
  await expectState(page, 'created');
  await expect(page.getByTestId('ledger-row')).toHaveCount(0);
}

/**
 * A full disk on demand: checkpoint writes throw QuotaExceededError while the page's
 * `window.failWrites` is true (`page.evaluate(() => (window.failWrites = true))`).
 */
export async function fullDiskOnDemand(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if ((window as unknown as { failWrites?: boolean }).failWrites && Array.isArray(args[1]) && args[1][0] === 'cp') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return put.apply(this, args);
    };
  });
}
