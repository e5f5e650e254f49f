import { expect, test } from '@playwright/test';
import { driveThenDriveHere, fullDiskOnDemand, int, open, text } from './helpers';

/** Storage that fails, and tabs without Web Locks: what the page says and does (SPEC §13.5). */

test('a failed write is said out loud: play stops, storage-status is error, the steps at risk are counted, a retry clears it', async ({
  page,
}) => {
  await fullDiskOnDemand(page);
  await open(page, '?lang=en&run=new&scenario=migration-40');
  await page.getByTestId('btn-start').click();
  for (let i = 0; i < 3; i++) await page.getByTestId('btn-step').click();
  await expect(page.getByTestId('storage-status')).toHaveAttribute('data-status', 'indexeddb');
  await page.evaluate(() => ((window as unknown as { failWrites: boolean }).failWrites = true));
  await page.getByTestId('btn-play').click();
  await expect(page.getByTestId('storage-status')).toHaveAttribute('data-status', 'error');
  await expect(page.getByTestId('storage-alert')).toHaveAttribute('data-kind', 'quota');
  await expect(page.getByTestId('storage-alert')).toContainText('Play is paused');
  await expect(page.getByTestId('notice')).toContainText('E502');
  // Play stopped (the play button is back), so nothing moves the run on: the step stands.
  await expect(page.getByTestId('btn-pause')).toHaveCount(0);
  const step = await text(page, 'current-step');
  await page.getByTestId('btn-play').waitFor();
  expect(await text(page, 'current-step')).toBe(step);
  await expect(page.getByTestId('btn-prune-runs')).toBeVisible();

  await page.evaluate(() => ((window as unknown as { failWrites: boolean }).failWrites = false));
  await page.getByTestId('btn-retry-write').click();
  await expect(page.getByTestId('storage-status')).toHaveAttribute('data-status', 'indexeddb');
  await expect(page.getByTestId('storage-alert')).toHaveCount(0);
  // The status is said as the write settles, the meters at the next frame (publish.ts).
  await expect.poll(() => int(page, 'steps-at-risk')).toBe(0);
});

test('a write that hangs is said after the watchdog: play stops, the page shows only what is durable, and the landing clears it', async ({
  page,
}) => {
  // While the test says so, a checkpoint's transaction is kept open by reads chained on it: the
  // write neither lands nor fails, as a storage that stops answering.
  await page.addInitScript(() => {
    const w = window as unknown as { hangWrites?: boolean };
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      const req = put.apply(this, args);
      if (w.hangWrites && Array.isArray(args[1]) && args[1][0] === 'cp') {
        const spin = () => {
          if (w.hangWrites) this.count().onsuccess = spin;
        };
        spin();
      }
      return req;
    };
  });
  await open(page, '?lang=en&run=new&scenario=migration-40');
  await page.getByTestId('btn-start').click();
  for (let i = 0; i < 3; i++) await page.getByTestId('btn-step').click();
  await expect(page.getByTestId('storage-status')).toHaveAttribute('data-status', 'indexeddb');
  // The third step is shown once its checkpoint is durable: read the step only then.
  await expect(page.getByTestId('current-step')).toHaveText('3');
  const step = await text(page, 'current-step');
  await page.evaluate(() => ((window as unknown as { hangWrites: boolean }).hangWrites = true));
  await page.getByTestId('btn-checkpoint').click();
  await page.getByTestId('btn-play').click();
  await expect(page.getByTestId('storage-alert')).toHaveAttribute('data-kind', 'stalled', { timeout: 10_000 });
  await expect(page.getByTestId('storage-status')).toHaveAttribute('data-status', 'error');
  await expect(page.getByTestId('notice')).toContainText('E520');
  await expect(page.getByTestId('btn-pause')).toHaveCount(0);
  // Nothing past the last durable checkpoint: the step shown is the one before the hang.
  expect(await text(page, 'current-step')).toBe(step);

  await page.evaluate(() => ((window as unknown as { hangWrites: boolean }).hangWrites = false));
  await expect(page.getByTestId('storage-alert')).toHaveCount(0);
  await expect(page.getByTestId('storage-status')).toHaveAttribute('data-status', 'indexeddb');
});

test('two tabs without Web Locks (plain http): one drives, the other follows and can drive here', async ({
  context,
}) => {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true });
  });
  const { a, b } = await driveThenDriveHere(context, 5);
  expect(await a.evaluate(() => 'locks' in navigator && navigator.locks !== undefined)).toBe(false);
  // The old driver closes nothing: when the new one goes, it drives on.
  await b.close();
  await expect(a.getByTestId('tab-role')).toHaveAttribute('data-role', 'driver');
});
