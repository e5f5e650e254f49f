import type { Browser } from '@playwright/test';
import { STATES, WAIT_LIMIT, coldLoad, newContext, readInt, readText, toApproval } from '../chromium';
import { atMost, figure, median, range, type Figure } from '../lib';

const RELOAD_SAMPLES = 10;

/** Reload to the resumed state: one sample in a fresh context, timed inside the page. */

declare global {
  interface Window {
    /** performance.now() when the page was ready and showed the state and step looked for. */
    __benchResumed?: number;
    /** … and the diagram's 8 state nodes were in the DOM too. */
    __benchResumedDrawn?: number;
  }
}

/**
 * Installed before any page script of the reload: a MutationObserver that records when the page
 * is `data-ready` and shows `state` at `step` (and when, besides, all 8 state nodes are there).
 * performance.now() counts from the reload's navigation start.
 */
function watchResumed(args: { state: string; step: number; states: string[] }): void {
  const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '';
  const check = () => {
    if (!document.querySelector('[data-testid="app"][data-ready="true"]')) return;
    if (text('current-state') !== args.state) return;
    if (Number(text('current-step').replace(/[^\d]/g, '')) !== args.step) return;
    const now = performance.now();
    window.__benchResumed ??= now;
    if (args.states.every((s) => document.querySelector(`[data-testid="state-${s}"]`))) {
      window.__benchResumedDrawn = now;
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

export interface Resumed {
  resumed: number;
  drawn: number;
}

/**
 * One reload sample in a fresh context: a fresh migration-40 run, and with `waiting` started and
 * fast-forwarded to its approval at step 27 (stored before the page shows it); then a reload,
 * timed from its navigation start to the page ready showing where the run stood: waiting_approval
 * at step 27, or (without `waiting`) the just-created run, `created` at step 1.
 */
export async function reloadSample(browser: Browser, url: string, waiting: boolean): Promise<Resumed> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${url}?lang=en&run=new`);
    await page.locator('[data-testid="app"][data-ready="true"]').waitFor();
    const want = waiting ? { state: 'waiting_approval', step: 27 } : { state: 'created', step: 1 };
    if (waiting) await toApproval(page);
    const step = await readInt(page, 'current-step');
    if (step !== want.step) throw new Error(`the run stands at step ${step}, not ${want.step}`);
    // The page dropped run=new from its address: the reload resumes this run.
    if (page.url().includes('run=new')) throw new Error(`the page kept run=new in its address (${page.url()})`);
    await page.addInitScript(watchResumed, { ...want, states: STATES });
    await page.reload({ waitUntil: 'commit' });
    await page
      .waitForFunction(() => window.__benchResumedDrawn !== undefined, null, { timeout: WAIT_LIMIT })
      .catch(async (e: unknown) => {
        const where = `${await readText(page, 'current-state').catch(() => '?')} at step ${await readText(page, 'current-step').catch(() => '?')}`;
        throw new Error(
          `after the reload the page did not show ${want.state} at step ${want.step} (it shows ${where}): ${String(e)}`,
        );
      });
    return await page.evaluate(() => ({
      resumed: window.__benchResumed ?? NaN,
      drawn: window.__benchResumedDrawn ?? NaN,
    }));
  } finally {
    await context.close();
  }
}

/**
 * Reload to the resumed state, next to the cold load (and, for scale, the reload of a run with
 * nothing stored but its record); interleaved after one discarded sample of each.
 */
export async function reloadFigures(browser: Browser, appUrl: string, say: (text: string) => void): Promise<Figure[]> {
  const figures: Figure[] = [];
  const coldUrl = `${appUrl}?lang=en&run=new`;
  say(`cold load, reload to resumed, reload of a just-created run: ${RELOAD_SAMPLES} each, interleaved`);
  await coldLoad(browser, coldUrl, 'ours');
  await reloadSample(browser, appUrl, true);
  await reloadSample(browser, appUrl, false);
  const colds: number[] = [];
  const resumes: Resumed[] = [];
  const plains: number[] = [];
  for (let i = 0; i < RELOAD_SAMPLES; i++) {
    const cold = (await coldLoad(browser, coldUrl, 'ours')).ready;
    const r = await reloadSample(browser, appUrl, true);
    const plain = (await reloadSample(browser, appUrl, false)).drawn;
    colds.push(cold);
    resumes.push(r);
    plains.push(plain);
    say(
      `sample ${i + 1}/${RELOAD_SAMPLES}: cold ${cold.toFixed(0)} ms; reload to resumed ${r.resumed.toFixed(0)} ms (8 nodes too: ${r.drawn.toFixed(0)} ms); reload of a just-created run ${plain.toFixed(0)} ms`,
    );
  }
  const resumed = resumes.map((r) => r.resumed);
  const drawn = resumes.map((r) => r.drawn);
  figures.push(
    figure(
      'cold load of the app to data-ready and 8 nodes (median of 10)',
      median(colds),
      'ms',
      undefined,
      `a fresh context per sample, ?lang=en&run=new, navigation start to [data-testid=app][data-ready=true] and the 8 state-<name> nodes; samples ${range(colds)} ms`,
    ),
    figure(
      'reload to the resumed state (median of 10)',
      median(resumed),
      'ms',
      undefined,
      `a fresh context per sample with a migration-40 run waiting at step 27 (start, fast-forward); reload; navigation start to data-ready, current-state waiting_approval and current-step 27; samples ${range(resumed)} ms; with the 8 nodes present too: median ${median(drawn).toFixed(0)} ms`,
    ),
    figure('reload to resumed / cold load', median(resumed) / median(colds), '×', atMost(1.3)),
    figure(
      'reload of a just-created run, nothing to restore (median of 10)',
      median(plains),
      'ms',
      undefined,
      `the same, but the run is reloaded before Start (created, step 1: its run record only, no checkpoint); data-ready, current-state created, current-step 1 and the 8 nodes; samples ${range(plains)} ms; resumed / this = ${(median(drawn) / median(plains)).toFixed(2)}×`,
    ),
  );
  return figures;
}
