/**
 * The untrusted paths in the browser (issue 40): the production build in Debian's Chromium, CPU
 * throttled 4× (CDP), a Chromium trace (`devtools.timeline`) around each input, and the longest
 * task of the page's main thread (`RunTask` on `CrRendererMain`) while the page takes it. Each
 * path gets the largest input it accepts: a share link of the most commands a replay carries,
 * each costlier than the last (`no-fuse`, `F:timeout`); the 275-byte challenge that plays 5,000
 * failing moves; a 48 MiB trace; a 20 MiB run file. Total time is from the action to the page's
 * answer, at a few input sizes, so its growth can be read (linear, or capped by a budget).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { DEFAULT_CONFIG, type SimCommand } from '../../src/engine';
import { MAX_REPLAY_COMMANDS, packReplay } from '../../src/share';
import { WAIT_LIMIT } from '../chromium';
import { longestTask } from './trace';

/** CDP's CPU throttling: a phone-class CPU, as Lighthouse's mobile preset. */
export const THROTTLE = 4;

export interface Taken {
  /** The longest main-thread task while the page took the input, ms (after its first paint, for a link). */
  longest: number;
  /** The most main-thread CPU time of one such task, ms (`Longest.cpu`). */
  cpu: number;
  /** For a link: the longest task of the navigation itself, before the page's first paint. */
  load?: number;
  /** What that task spent most of its time on. */
  inside: string;
  /** From the action to the page's answer, ms. */
  total: number;
}

/** Runs `action` on `page` (already on the app, throttled) under a Chromium trace. */
export async function taken(
  browser: Browser,
  page: Page,
  action: () => Promise<void>,
  navigation = false,
): Promise<Taken> {
  // `UNTRUSTED_TRACE=<file>` keeps the last trace, with the JS sampled, to name a long task.
  const keep = process.env.UNTRUSTED_TRACE;
  const sampled = keep ? ['disabled-by-default-v8.cpu_profiler'] : [];
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'blink', ...sampled],
  });
  const t0 = performance.now();
  try {
    await action();
  } finally {
    const total = performance.now() - t0;
    const trace = await browser.stopTracing();
    if (keep) writeFileSync(keep, trace);
    const top = longestTask(trace, navigation);
    const load = navigation ? { load: longestTask(trace).ms } : {};
    // eslint-disable-next-line no-unsafe-finally -- the figures are the finally's purpose
    return { longest: top.ms, cpu: top.cpu, inside: top.inside, total, ...load };
  }
}

/** A fresh page on the app, ready, its CPU throttled. */
export async function throttledPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto(`${url}?lang=en`);
  await page.getByTestId('app').and(page.locator('[data-ready="true"]')).waitFor({ timeout: WAIT_LIMIT });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  return page;
}

/** `?replay=` of `["S","T","F:timeout"×n]`: each failed attempt stays on one step under `no-fuse`. */
export async function hostileReplay(n: number): Promise<string> {
  const commands: SimCommand[] = [
    { type: 'START' },
    { type: 'TICK' },
    ...Array.from({ length: n }, () => ({ type: 'FAIL_NOW' as const, error: 'timeout' as const })),
  ];
  return packReplay({ config: DEFAULT_CONFIG, commands });
}

/** The most failing commands a link may carry after its `S` and `T`. */
export const MOST_FAILURES = MAX_REPLAY_COMMANDS - 2;

/** The share link: navigation to the page's answer (ready, with a notice when it stopped short). */
export async function shareLink(browser: Browser, url: string, n: number): Promise<Taken & { chars: number }> {
  const page = await throttledPage(browser, url);
  const replay = await hostileReplay(n);
  const link = `${url}?lang=en&run=new&scenario=migration-40&design=no-fuse&replay=${replay}`;
  const r = await taken(
    browser,
    page,
    async () => {
      await page.goto(link);
      await page.locator('[data-testid="app"][data-ready="true"]').waitFor({ timeout: 4 * WAIT_LIMIT });
    },
    true,
  );
  const status = await page.getByTestId('storage-status').getAttribute('data-status');
  if (status === 'error') throw new Error(`the share link left storage in error: ${await page.textContent('body')}`);
  await page.context().close();
  return { ...r, chars: link.length };
}

/** The 275-byte challenge file of issue 40: no-fuse, every call failing, until completed. */
export const HOSTILE_CHALLENGE = JSON.stringify({
  format: 'harness-sim.challenge/1',
  id: 'forever',
  title: { zh: '永远', en: 'Forever' },
  brief: { zh: '等', en: 'Wait' },
  scenario: 'migration-40',
  seed: 1,
  design: 'no-fuse',
  config: { flakiness: 0.999999 },
  start: { until: 'completed' },
  controls: ['btn-step'],
  goal: [{ state: 'completed' }],
});

/** A challenge file picked, to the page's answer (the challenge bar, or the refusal's notice). */
export async function challengeFile(browser: Browser, url: string, text: string, dir: string): Promise<Taken> {
  const page = await throttledPage(browser, url);
  const file = join(dir, 'challenge.json');
  writeFileSync(file, text);
  const input = page.getByTestId('input-challenge-file');
  await input.waitFor({ state: 'attached', timeout: WAIT_LIMIT });
  const r = await taken(browser, page, async () => {
    await input.setInputFiles(file);
    await page
      .locator('[data-testid="notice"], [data-testid="challenge-error"], [data-testid="challenge-status"]')
      .first()
      .waitFor({ timeout: 4 * WAIT_LIMIT });
  });
  await page.context().close();
  return r;
}

/** A run file picked, to the page's answer (imported, or refused with its notice). */
export async function runFile(
  browser: Browser,
  url: string,
  text: string,
  dir: string,
): Promise<Taken & { said: string }> {
  const page = await throttledPage(browser, url);
  const file = join(dir, 'run.json');
  writeFileSync(file, text);
  const input = page.getByTestId('input-import');
  await input.waitFor({ state: 'attached', timeout: WAIT_LIMIT });
  const r = await taken(browser, page, async () => {
    await input.setInputFiles(file);
    await page.getByTestId('notice').waitFor({ timeout: 6 * WAIT_LIMIT });
  });
  // Imported or refused: whichever the page said (the Worker may check the file within its budget).
  const said = (await page.getByTestId('notice').first().textContent()) ?? '';
  await page.context().close();
  return { ...r, said: /E\d{3}/.exec(said)?.[0] ?? 'imported' };
}

/** A Claude Code transcript of about `bytes`: lines of 500 tool calls and their results, one in five failing. */
export function denseTrace(bytes: number): { text: string; calls: number } {
  const lines: string[] = [];
  let size = 0;
  let id = 0;
  for (;;) {
    const uses: string[] = [];
    const results: string[] = [];
    for (let k = 0; k < 500; k++, id++) {
      const t = id.toString(36);
      uses.push(`{"type":"tool_use","id":"${t}","name":"Read","input":{"p":${id % 9}}}`);
      results.push(`{"type":"tool_result","tool_use_id":"${t}"${id % 5 === 0 ? ',"is_error":true' : ''}}`);
    }
    const a = `{"type":"assistant","message":{"content":[${uses.join(',')}]}}`;
    const u = `{"type":"user","message":{"content":[${results.join(',')}]}}`;
    if (size + a.length + u.length + 2 > bytes) break;
    lines.push(a, u);
    size += a.length + u.length + 2;
  }
  return { text: lines.join('\n'), calls: (lines.length / 2) * 500 };
}

/** A trace picked in the trace view, to its first row drawn; then the calls CSV, to its download. */
export async function traceFile(
  browser: Browser,
  url: string,
  text: string,
  dir: string,
): Promise<{ open: Taken; csv: Taken }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto(`${url}?trace=1&lang=en`);
  await page.getByTestId('trace-view').waitFor({ timeout: WAIT_LIMIT });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const file = join(dir, 'trace.jsonl');
  writeFileSync(file, text);
  const open = await taken(browser, page, async () => {
    await page.getByTestId('input-trace').setInputFiles(file);
    await page
      .getByTestId('trace-row')
      .first()
      .waitFor({ timeout: 6 * WAIT_LIMIT });
  });
  const csv = await taken(browser, page, async () => {
    const download = page.waitForEvent('download', { timeout: 6 * WAIT_LIMIT });
    await page.getByTestId('trace-export-calls').click();
    await download;
  });
  await context.close();
  return { open, csv };
}
