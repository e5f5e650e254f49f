import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerPrediction, expectState, open } from './helpers';

/**
 * The built page runs under its strict Content-Security-Policy (SPEC §13): the policy stands in a
 * meta tag before any script, and a whole session (play, approval, a lesson, the compare view,
 * an export, the offline worker) reports no violation, neither as an event nor in the console.
 */

/** The policy the issue asks for, directive by directive. */
const EXPECTED: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'worker-src': "'self'",
  'manifest-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'require-trusted-types-for': "'script'",
  'trusted-types': 'default',
};

/** Every violation the page reports, from the moment each document starts (before its scripts). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => void seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation;
      void report(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  return seen;
}

test.describe('with its service worker', () => {
  // The config blocks service workers (a precache a test; this test reads what the worker does).
  test.use({ serviceWorkers: 'allow' });
  test('the policy in a meta tag, then a whole session runs with no CSP violation: play, approve, a lesson, the compare view, export, import', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const violations = await watchViolations(page);

    await open(page, '?lang=en&run=new');
    // The page's first document, before its service worker takes it: the policy as built.
    await test.step('the built page carries the policy in a meta tag ahead of every script', async () => {
      const meta = page.locator('head meta[http-equiv="Content-Security-Policy"]');
      await expect(meta).toHaveCount(1);
      const directives = Object.fromEntries(
        ((await meta.getAttribute('content')) ?? '')
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([name, ...values]) => [name, values.join(' ')]),
      );
      expect(directives).toEqual(EXPECTED);
      // A policy in a meta tag governs only what comes after it.
      const first = await page.evaluate(() => {
        const el = document.querySelector('head meta[http-equiv="Content-Security-Policy"]');
        return [...document.querySelectorAll('script, link, style')].every(
          (s) => el !== null && (el.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
        );
      });
      expect(first).toBe(true);
    });
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    await expectState(page, 'waiting_approval');
    await page.getByTestId('btn-approve').click();
    await page.getByTestId('btn-step').click();
    await expect(page.getByTestId('current-state')).not.toHaveText('waiting_approval');
    const download = page.waitForEvent('download');
    await page.getByTestId('btn-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.json$/);
    // Imported again: its check runs in the Worker, whose URL passes the Trusted Types policy.
    await page.getByTestId('input-import').setInputFiles(await file.path());
    await expect(page.getByTestId('notice')).toBeVisible();
    await page.keyboard.press('?');
    await expect(page.getByTestId('help-overlay')).toBeVisible();
    // The service worker registered and took the page under the policy's worker-src.
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller);

    await open(page, '?lang=en&lesson=approval');
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '1');
    await page.getByTestId('btn-lesson-next').click();
    await answerPrediction(page); // predict is on in a lesson: it asks first
    await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', '2');

    await page.goto('/?lang=zh&compare=article,no-checkpoint&script=opening-story');
    await page.getByTestId('btn-compare-run').click();
    for (const pane of await page.getByTestId('compare-pane').all())
      await expect(pane.getByTestId('compare-result')).toBeVisible({ timeout: 60_000 });

    expect(violations).toEqual([]);
  });
});

test('no file of the build evaluates strings as code (script-src would block it on a path no session reached)', () => {
  const files = ['dist', 'dist/assets'].flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => join(dir, f)),
  );
  expect(files.length).toBeGreaterThan(3);
  const evaluating = files.filter((f) => /\bnew Function\s*\(|\beval\s*\(/.test(readFileSync(f, 'utf8')));
  expect(evaluating).toEqual([]);
});
