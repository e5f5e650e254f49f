/**
 * The flows the page is used for, in Firefox ESR (Debian's `firefox-esr`), driven by
 * puppeteer-core over WebDriver BiDi (Playwright cannot drive a stock Firefox): the fuse, an
 * approval, a reload, a crash, a fork, two tabs on one run, an import. The build in dist/ (made
 * by the Chromium e2e run before this one) is served by the suite's plain static server.
 * `npm run test:firefox`; node's own test runner, one browser for the file, a page per flow.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { runFileText } from '../../src/persistence/runFile';
import { checkpointsOf, runMetaOf } from '../../src/persistence/harness.test-kit';
import { serveStatic, type StaticServer } from '../staticServer';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const PORT = Number(process.env.E2E_PORT ?? 4173) + 60;
const WAIT = { timeout: 20_000 };

let browser: Browser;
let host: StaticServer;
let files: string;

before(async () => {
  assert.ok(existsSync('dist/index.html'), 'dist/ is built by the Chromium e2e run (npm run test:e2e) first');
  host = await serveStatic('dist', '/', PORT, undefined, { cacheAssets: true });
  files = mkdtempSync(join(tmpdir(), 'hs-firefox-'));
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    args: ['--width=1366', '--height=768'],
    protocolTimeout: 60_000,
  });
});

after(async () => {
  await browser?.close();
  await host?.close();
  rmSync(files, { recursive: true, force: true });
});

/** A page of a fresh browser context (its own storage), opened at `query` and ready (ui-contract). */
async function open(query: string, page?: Page): Promise<Page> {
  const p = page ?? (await (await browser.createBrowserContext()).newPage());
  await p.goto(`${host.url}${query}`);
  await ready(p);
  return p;
}

async function ready(p: Page) {
  await p.waitForSelector('[data-testid="app"][data-ready="true"][data-panels="all"]', WAIT);
}

const sel = (id: string) => `[data-testid="${id}"]`;
const text = (p: Page, id: string) => p.$eval(sel(id), (e) => e.textContent?.trim() ?? '');
const attr = (p: Page, id: string, name: string) => p.$eval(sel(id), (e, n) => e.getAttribute(n), name);

/**
 * Until `check` holds of the page, read from here every 50 ms (the page's policy forbids the
 * evaluated predicates `waitForFunction` polls with under BiDi).
 */
async function poll(what: string, check: () => Promise<boolean>) {
  const end = Date.now() + WAIT.timeout;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Until `id`'s text is `want` (the page publishes a frame after the write lands). */
const until = (p: Page, id: string, want: string) =>
  poll(`${id} to read ${want}`, async () => (await text(p, id)) === want);

const isDisabled = (p: Page, id: string) => p.$eval(sel(id), (e) => (e as HTMLButtonElement).disabled);

/**
 * Clicks `id` once it is enabled, `times` times. A control is disabled while the write before it
 * lands (the publish gate), and puppeteer's click, unlike Playwright's, does not wait for that.
 */
const press = async (p: Page, id: string, times = 1) => {
  for (let i = 0; i < times; i++) {
    await poll(`${id} to be enabled`, async () => !(await isDisabled(p, id)));
    await p.click(sel(id));
  }
};

/** The newest checkpoint in the history list. */
const newest = (p: Page) =>
  p.$eval(sel('checkpoint-item'), (e) => ({ seq: e.getAttribute('data-seq'), step: e.getAttribute('data-step') }));

test('the fuse: three identical failures count, remind, and fuse into failed', async () => {
  const p = await open('?lang=en&run=new');
  await press(p, 'btn-start');
  await press(p, 'btn-step');
  await press(p, 'btn-fail');
  await until(p, 'current-state', 'tool_failed');
  await until(p, 'loop-count', '1');
  await press(p, 'btn-fail');
  await until(p, 'loop-count', '2');
  assert.equal(await attr(p, 'loop-stage', 'data-stage'), 'reminded');
  await press(p, 'btn-fail');
  await until(p, 'current-state', 'failed');
  assert.equal(await attr(p, 'loop-stage', 'data-stage'), 'fused');
  assert.equal(await attr(p, 'run-ended', 'data-reason'), 'loop_fuse');
  await p.browserContext().close();
});

test('an approval: one request at step 27, no tokens while waiting, approve moves on', async () => {
  const p = await open('?lang=en&run=new&scenario=migration-40');
  await press(p, 'btn-start');
  await press(p, 'btn-fast-forward-approval');
  await until(p, 'current-state', 'waiting_approval');
  assert.equal(await text(p, 'current-step'), '27');
  const tokens = await text(p, 'token-meter');
  await press(p, 'btn-step', 3);
  await until(p, 'current-state', 'waiting_approval');
  assert.equal(await text(p, 'token-meter'), tokens);
  assert.equal(await text(p, 'approval-requests'), '1');
  await press(p, 'btn-approve');
  await until(p, 'current-state', 'running');
  await press(p, 'btn-step');
  await until(p, 'current-step', '28');
  await p.browserContext().close();
});

test('a reload resumes at the newest checkpoint', async () => {
  const p = await open('?lang=en&run=new');
  await press(p, 'btn-start');
  await press(p, 'btn-step', 9);
  await until(p, 'current-step', '9');
  const cp = await newest(p);
  assert.equal(cp.step, '7');
  await p.reload();
  await ready(p);
  await until(p, 'current-step', '7');
  assert.equal(await attr(p, 'resume-notice', 'data-seq'), cp.seq);
  await p.browserContext().close();
});

test('a crash, then a restart, stands at the newest checkpoint', async () => {
  const p = await open('?lang=en&run=new');
  await press(p, 'btn-start');
  await press(p, 'btn-step', 10);
  await until(p, 'current-step', '10');
  const cp = await newest(p);
  await press(p, 'btn-crash');
  await p.waitForSelector(sel('process-down'), WAIT);
  await press(p, 'btn-restart');
  await until(p, 'current-step', String(cp.step));
  assert.equal(await attr(p, 'resume-notice', 'data-seq'), cp.seq);
  await p.browserContext().close();
});

test('cancel, then a fork from a running checkpoint goes on on a new branch', async () => {
  const p = await open('?lang=en&run=new');
  await press(p, 'btn-start');
  await press(p, 'btn-step', 16);
  await until(p, 'current-step', '16');
  await press(p, 'btn-cancel');
  await until(p, 'current-state', 'cancelled');
  const item = await p.$('[data-testid="checkpoint-item"][data-state="running"]');
  assert.ok(item);
  const [step, seq] = await item.evaluate((e) => [e.getAttribute('data-step'), e.getAttribute('data-seq')]);
  // The history's fold is closed at this window size: opened as a person opens it, by its summary.
  await p.$eval(`[data-testid="checkpoint-item"][data-seq="${seq}"]`, (e) =>
    e.closest('details')?.querySelector('summary')?.click(),
  );
  // By its selector, not the handle: the windowed list may redraw the row as it scrolls to it.
  await p.click(`[data-testid="checkpoint-item"][data-seq="${seq}"] ${sel('btn-fork')}`);
  await until(p, 'current-state', 'running');
  await until(p, 'current-step', String(step));
  await press(p, 'btn-step');
  await until(p, 'current-step', String(Number(step) + 1));
  await p.browserContext().close();
});

test('two tabs on one run: one drives, the other follows live and can take over', async () => {
  const a = await open('?lang=en&run=new');
  await press(a, 'btn-start');
  await press(a, 'btn-step', 3);
  await until(a, 'current-step', '3');
  const b = await a.browserContext().newPage();
  await open('?lang=en', b);
  await b.waitForSelector('[data-testid="tab-role"][data-role="follower"]', WAIT);
  assert.equal(await attr(a, 'tab-role', 'data-role'), 'driver');
  // The follower mirrors the driver live, and cannot drive until it takes over.
  assert.equal(await isDisabled(b, 'btn-step'), true);
  // A person looks at the tab they use: Firefox draws no frame for a tab in the background, and
  // the page shows a run in the frame (the publish gate), so each tab is brought to the front first.
  await a.bringToFront();
  await press(a, 'btn-step', 5);
  await until(a, 'current-step', '8');
  await b.bringToFront();
  await until(b, 'current-step', '8');
  await press(b, 'btn-take-over');
  await b.waitForSelector('[data-testid="tab-role"][data-role="driver"]', WAIT);
  await a.waitForSelector('[data-testid="tab-role"][data-role="follower"]', WAIT);
  // The new driver re-read storage: it goes on from where that stands.
  const at = Number(await text(b, 'current-step'));
  await press(b, 'btn-step');
  await until(b, 'current-step', String(at + 1));
  await a.bringToFront();
  await poll('the old driver to follow', () => isDisabled(a, 'btn-step'));
  await a.browserContext().close();
});

test('an import: a file not ours is refused with its reason; an exported run opens', async () => {
  const p = await open('?lang=en&run=new');
  await press(p, 'btn-start');
  await press(p, 'btn-step');
  const runs = (await p.$$(sel('run-item'))).length;
  const bad = join(files, 'not-ours.json');
  writeFileSync(bad, '{"hello":"<b>world</b>"}');
  const input = (await p.$(sel('input-import'))) as ElementHandle<HTMLInputElement> | null;
  assert.ok(input);
  await input.uploadFile(bad);
  await p.waitForSelector(sel('notice'), WAIT);
  assert.match(await text(p, 'notice'), /E60\d/);
  assert.equal((await p.$$(sel('run-item'))).length, runs);
  // A run file as this page exports it (the project's own writer, on a run the engine played).
  const cps = checkpointsOf('migration-40', { runId: 'run-from-file', until: (st) => st === 'waiting_approval' });
  const last = cps.at(-1)!;

  const good = join(files, 'run.json');
  writeFileSync(good, runFileText(runMetaOf(cps), cps));
  await input.uploadFile(good);
  await poll('the imported run in the list', async () => (await p.$$(sel('run-item'))).length === runs + 1);
  await until(p, 'current-state', 'waiting_approval');
  await until(p, 'current-step', String(last.step));
  await p.browserContext().close();
});
