import { readFile, truncate, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { SAMPLES, type Figures } from './fixtures/traceFigures';
import { axeFindings, expectReady, int, open, text } from './helpers';

/**
 * The trace view (`?trace=`, SPEC §11; ui-contract "Traces"): each shipped sample with the
 * figures src/traces/samples.test.ts asserts, in both languages; the guard's settings; a hostile
 * file refused by number with the analysis kept; the runs panel's `input-trace`; axe.
 */

const POLICIES = ['every-call', 'every-n', 'key-actions', 'none'];

async function expectFigures(page: Page, f: Figures) {
  const view = page.getByTestId('trace-view');
  await expect(view.getByTestId('trace-format')).toHaveAttribute('data-format', f.format);
  await expect(view.getByTestId('trace-row')).toHaveCount(f.calls);
  expect(await int(page, 'trace-calls')).toBe(f.calls);
  expect(await int(page, 'trace-failures')).toBe(f.failures);
  expect(await text(page, 'trace-remind-at')).toBe(f.remindAt === null ? '' : String(f.remindAt));
  expect(await text(page, 'trace-fuse-at')).toBe(f.fuseAt === null ? '' : String(f.fuseAt));
  expect(await int(page, 'trace-after-fuse')).toBe(f.afterFuse);
  expect(await int(page, 'trace-tokens-after-fuse')).toBe(f.tokensAfterFuse);
  const rows = view.getByTestId('trace-density');
  expect(
    await rows.evaluateAll((els) =>
      els.map((e) => [e.dataset.policy, Number(e.dataset.checkpoints), Number(e.dataset.worstLost)]),
    ),
  ).toEqual(f.densities.map(([c, w], i) => [POLICIES[i], c, w]));
  if (f.fuseAt !== null) {
    // The fuse row is marked, in words as well as colour.
    const fuse = view.locator(`[data-testid="trace-row"][data-index="${f.fuseAt - 1}"]`);
    await expect(fuse).toHaveAttribute('data-stage', 'fused');
    await expect(fuse).toHaveAttribute('data-mark', 'fuse');
    await expect(fuse).toHaveAttribute('data-ok', 'false');
  }
}

/** The page's requests to another origin (none: a trace is read here and sent nowhere). */
function watchOutside(page: Page, baseURL: string | undefined): string[] {
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.origin !== new URL(baseURL ?? '').origin) outside.push(r.url());
  });
  return outside;
}

for (const lang of ['en', 'zh'] as const) {
  test(`the trace view in ${lang} on one page: each sample’s figures, axe at three sizes, then ${lang === 'en' ? 'the runs panel' : 'hostile files'}`, async ({
    page,
    baseURL,
  }) => {
    // Steps that were tests of 30 s each, on a busy machine.
    test.setTimeout(90_000);
    await test.step(`each sample opens by its address with the figures of samples.test.ts (${lang})`, async () => {
      const outside = watchOutside(page, baseURL);
      for (const [id, figures] of Object.entries(SAMPLES)) {
        await page.goto(`/?trace=sample-${id}&lang=${lang}`);
        await expect(page.getByTestId('trace-view')).toBeVisible();
        await expect(page.getByTestId('app')).toHaveCount(0);
        await expectFigures(page, figures);
      }
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
      await expect(page.locator('h1')).toHaveText(lang === 'zh' ? /轨迹/ : /trace/);
      await expect(page.getByTestId('trace-privacy')).toHaveText(lang === 'zh' ? /不发往任何地方/ : /sent nowhere/);
      // The way back keeps the language; the samples' buttons open the same figures in place.
      await expect(page.getByTestId('trace-back')).toHaveAttribute('href', `?lang=${lang}`);
      await page.locator('[data-testid="trace-sample"][data-sample="otlp-fuse"]').click();
      await expect(page).toHaveURL(new RegExp(`\\?trace=sample-otlp-fuse&lang=${lang}$`));
      await expectFigures(page, SAMPLES['otlp-fuse'] as Figures);
      // The language switch keeps the trace shown and the address's sample.
      await page.getByTestId('trace-view').getByTestId('btn-lang').click();
      await expect(page.locator('h1')).toHaveText(lang === 'zh' ? /trace/ : /轨迹/);
      await expect(page).toHaveURL(new RegExp(`\\?trace=sample-otlp-fuse&lang=${lang === 'zh' ? 'en' : 'zh'}$`));
      await expect(page.getByTestId('trace-row')).toHaveCount(7);
      expect(outside).toEqual([]);
    });
    await test.step(`axe: no violation on the trace view at 390x844 and 1366x768 in ${lang}`, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/?trace=sample-otlp-fuse&lang=${lang}`);
      await expect(page.getByTestId('trace-row')).toHaveCount(7);
      const found: string[] = [];
      for (const size of [
        { width: 390, height: 844 },
        { width: 1024, height: 768 },
        { width: 1366, height: 768 },
      ]) {
        await page.setViewportSize(size);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        // Nothing wider than the screen: a long table scrolls in its own box.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (wide > 0) found.push(`${size.width}x${size.height}: the page scrolls sideways by ${wide}px`);
        if (size.width === 1024) continue;
        found.push(...(await axeFindings(page, `${size.width}x${size.height}`)));
      }
      expect(found).toEqual([]);
    });
    if (lang === 'en')
      await test.step('the runs panel opens a trace in place; the address carries none of it', async () => {
        await open(page, '?lang=en');
        const otlp = JSON.stringify({
          resourceSpans: [
            {
              scopeSpans: [
                {
                  spans: Array.from({ length: 300 }, (_, i) => ({
                    traceId: '0af7651916cd43dd8448eb211c80319c',
                    spanId: (i + 1).toString(16).padStart(16, '0'),
                    name: 'execute_tool write_file',
                    startTimeUnixNano: `1700000000${String(i).padStart(9, '0')}`,
                    attributes: [
                      { key: 'gen_ai.operation.name', value: { stringValue: 'execute_tool' } },
                      { key: 'gen_ai.tool.name', value: { stringValue: i % 2 ? 'write_file' : 'read_file' } },
                    ],
                    status: { code: i % 50 === 7 ? 2 : 1 },
                  })),
                },
              ],
            },
          ],
        });
        const worker = page.waitForEvent('worker');
        await page.getByTestId('input-trace').setInputFiles({
          name: 'secret-name.json',
          mimeType: 'application/json',
          buffer: Buffer.from(otlp),
        });
        await expect(page.getByTestId('trace-view')).toBeVisible();
        await worker;
        expect(await int(page, 'trace-calls')).toBe(300);
        // A long trace is windowed: far fewer rows drawn than calls.
        expect(await page.getByTestId('trace-row').count()).toBeLessThan(100);
        await expect(page).toHaveURL(/\?trace=1&lang=en$/);
        // Back returns to the simulator.
        await page.goBack();
        await expectReady(page);
      });
    else
      await test.step('hostile files are refused by number in the page’s language, and the analysis stays (zh)', async () => {
        // Under the page's CSP and Trusted Types, with its Worker: no violation.
        const violations: string[] = [];
        await page.exposeFunction('__cspViolation', (v: string) => void violations.push(v));
        await page.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (e) => {
            const report = (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation;
            void report(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`);
          });
        });
        const worker = page.waitForEvent('worker');
        await page.goto('/?trace=sample-claude-session&lang=zh');
        await worker;
        await expectFigures(page, SAMPLES['claude-session'] as Figures);
        const input = page.getByTestId('trace-view').getByTestId('input-trace');
        const hostile: [string, string, string][] = [
          ['proto.json', '{"__proto__":1}', 'E645'],
          ['garbage.json', 'not json at all', 'E642'],
          ['empty.json', '   ', 'E641'],
          ['other.json', '{"hello":"world"}', 'E643'],
        ];
        for (const [name, body, code] of hostile) {
          await input.setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(body) });
          const refusal = page.getByTestId('trace-refusal');
          await expect(refusal).toHaveAttribute('data-code', code);
          await expect(refusal).toContainText(`${code}: `);
          await expect(refusal).toContainText('下面仍是之前的分析');
          await expectFigures(page, SAMPLES['claude-session'] as Figures);
        }
        // Over 50 MiB: refused by its size before a byte is read (a sparse file: nothing to write).
        const big = test.info().outputPath('big.json');
        await writeFile(big, '');
        await truncate(big, 50 * 1024 * 1024 + 1);
        await input.setInputFiles(big);
        await expect(page.getByTestId('trace-refusal')).toHaveAttribute('data-code', 'E640');
        await expect(page.getByTestId('trace-refusal')).toContainText('52,428,801');
        await expectFigures(page, SAMPLES['claude-session'] as Figures);
        // Nothing of a file goes into the address.
        expect(page.url()).not.toMatch(/proto|garbage|hello/);
        expect(violations).toEqual([]);
      });
  });
}

test('the guard’s settings move the fuse; refused settings say E650 and keep the analysis', async ({ page }) => {
  // Without Workers the page reads and analyses on its own thread (openTrace.ts's fallback).
  await page.addInitScript(() => Object.defineProperty(window, 'Worker', { value: undefined }));
  await page.goto('/?trace=sample-otlp-fuse&lang=en');
  await expect(page.getByTestId('trace-fuse-at')).toHaveText('4');
  // What a crash just before each call would cost: with no checkpoint in seven calls (every 10), all done so far.
  const lastRow = page.locator('[data-testid="trace-row"][data-index="6"]');
  await expect(lastRow).toHaveAttribute('data-lost', '6');
  await page.getByTestId('trace-crash-policy').selectOption('key-actions');
  await expect(lastRow).toHaveAttribute('data-lost', '0');
  // Fuse at the third failure of a key → with a fourth fuse the guard fuses later.
  await page.getByTestId('trace-set-fuse').fill('4');
  await expect(page.getByTestId('trace-fuse-at')).toHaveText('5');
  await expect(page.locator('[data-testid="trace-row"][data-index="4"]')).toHaveAttribute('data-mark', 'fuse');
  // remindAt = fuseAt: E650, in the page's language; the last good analysis stays.
  await page.getByTestId('trace-set-remind').fill('4');
  await expect(page.getByTestId('trace-settings-refusal')).toHaveAttribute('data-code', 'E650');
  await expect(page.getByTestId('trace-settings-refusal')).toContainText('E650: The guard needs');
  await expect(page.getByTestId('trace-fuse-at')).toHaveText('5');
  await page.getByTestId('trace-set-article').click();
  await expect(page.getByTestId('trace-settings-refusal')).toHaveCount(0);
  await expect(page.getByTestId('trace-fuse-at')).toHaveText('4');
  // The coarse guard never reminds.
  await page.getByTestId('trace-set-coarse').check();
  await expect(page.getByTestId('trace-remind-at')).toHaveText('');
  // Every N: N = 3 writes two checkpoints over seven calls.
  await page.getByTestId('trace-set-coarse').uncheck();
  await page.getByTestId('trace-set-every-n').fill('3');
  await expect(page.locator('[data-testid="trace-density"][data-policy="every-n"]')).toHaveAttribute(
    'data-checkpoints',
    '2',
  );
  // The exports hold the analysis shown, named for the sample.
  const json = page.waitForEvent('download');
  await page.getByTestId('trace-export-json').click();
  const got = await json;
  expect(got.suggestedFilename()).toBe('otlp-fuse.analysis.json');
  const analysis = JSON.parse(await readFile((await got.path()) as string, 'utf8')) as Record<string, unknown>;
  expect(analysis).toMatchObject({ schema: 'harness-sim.trace-analysis/1', format: 'otlp', fuseAt: 4, calls: 7 });
  const csv = page.waitForEvent('download');
  await page.getByTestId('trace-export-calls').click();
  const calls = await readFile((await (await csv).path()) as string, 'utf8');
  expect(calls.split('\r\n')[0]).toMatch(/^position,tool,args,outcome,/);
  expect(calls.split('\r\n').filter(Boolean)).toHaveLength(8);
});
