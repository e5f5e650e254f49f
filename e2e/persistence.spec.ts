import { expect, test } from '@playwright/test';
import { driveThenDriveHere, expectReady, expectState, newestItem, open } from './helpers';

test('one page, a new run by the address for each: saved before Start, reloads, crash, fork, preview, replay, import, then corrupt storage, then a design without checkpoints', async ({
  page,
}) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(120_000);
  await test.step('a fresh run is saved before Start, and the address loses run=new', async () => {
    await open(page, '?lang=en&run=new');
    expect(page.url()).not.toContain('run=new');
    await expect(page.getByTestId('storage-status')).toHaveAttribute('data-status', 'indexeddb');
    const runs = await page.getByTestId('run-item').count();
    await page.reload();
    await expectReady(page);
    await expect(page.getByTestId('run-item')).toHaveCount(runs);
    await expectState(page, 'created');
  });
  await test.step('reload mid-run resumes at the newest checkpoint', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-start').click();
    for (let i = 0; i < 9; i++) await page.getByTestId('btn-step').click();
    await expect(page.getByTestId('current-step')).toHaveText('9');
    const newest = await newestItem(page);
    expect(newest).toMatchObject({ step: '7', trigger: 'phase_switch' });
    await page.reload();
    await expectReady(page);
    await expect(page.getByTestId('resume-notice')).toHaveAttribute('data-seq', String(newest.seq));
    await expect(page.getByTestId('resume-notice')).toContainText('phase_switch');
    await expect(page.getByTestId('current-step')).toHaveText('7');
    await expectState(page, 'running');
    await expect(page.getByTestId('working-set')).toContainText('reports/inventory.md');
    await expect(page.locator('[data-testid="todo"][data-status="done"]')).toHaveCount(6);
  });
  await test.step('reload while waiting for approval keeps the one request; approve continues', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    await expectState(page, 'waiting_approval');
    await expect(page.getByTestId('approval-requests')).toHaveText('1');
    expect(await newestItem(page)).toMatchObject({ step: '27', state: 'waiting_approval', trigger: 'before_suspend' });
    await page.reload();
    await expectReady(page);
    await expectState(page, 'waiting_approval');
    await expect(page.getByTestId('current-step')).toHaveText('27');
    await expect(page.getByTestId('approval-requests')).toHaveText('1');
    await page.getByTestId('btn-step').click();
    await expect(page.getByTestId('approval-requests')).toHaveText('1');
    await page.getByTestId('btn-approve').click();
    // The approval is shown once its checkpoint is durable; a step pressed before that would
    // still be asked at the waiting state.
    await expectState(page, 'running');
    await page.getByTestId('btn-step').click();
    await expect(page.getByTestId('current-step')).toHaveText('28');
    await expect(page.getByTestId('approval-requests')).toHaveText('1');
  });
  await test.step('crash and restart without a reload stand at the newest checkpoint', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-start').click();
    for (let i = 0; i < 10; i++) await page.getByTestId('btn-step').click();
    // The page shows the presses once their checkpoints are durable (publish.ts): read the history then.
    await expect(page.getByTestId('current-step')).toHaveText('10');
    const newest = await newestItem(page);
    await page.getByTestId('btn-crash').click();
    await expect(page.getByTestId('process-down')).toBeVisible();
    await expect(page.getByTestId('btn-step')).toBeDisabled();
    await page.getByTestId('btn-restart').click();
    await expect(page.getByTestId('current-step')).toHaveText(String(newest.step));
    await expect(page.getByTestId('resume-notice')).toHaveAttribute('data-seq', String(newest.seq));
  });
  await test.step('cancel, then fork from a non-terminal checkpoint resumes on a new branch', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-start').click();
    for (let i = 0; i < 16; i++) await page.getByTestId('btn-step').click();
    await page.getByTestId('btn-cancel').click();
    await expectState(page, 'cancelled');
    const item = page.locator('[data-testid="checkpoint-item"][data-state="running"]').first();
    const step = await item.getAttribute('data-step');
    await item.getByTestId('btn-fork').click();
    await expectState(page, 'running');
    await expect(page.getByTestId('current-step')).toHaveText(String(step));
    await expect(page.locator('[data-testid="run-item"]').filter({ hasText: 'branch of' })).toHaveCount(1);
    await page.getByTestId('btn-step').click();
    await expect(page.getByTestId('current-step')).toHaveText(String(Number(step) + 1));
  });
  await test.step('selecting a checkpoint previews it without changing the run', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    await page
      .locator('[data-testid="checkpoint-item"][data-trigger="phase_switch"]')
      .last()
      .getByTestId('btn-preview')
      .click();
    await expect(page.getByTestId('preview-banner')).toBeVisible();
    await expect(page.getByTestId('current-step')).toHaveText('1');
    await page.getByTestId('btn-preview-close').click();
    await expect(page.getByTestId('current-step')).toHaveText('27');
    await expectState(page, 'waiting_approval');
  });
  await test.step('failure replay shows the same error again; takeover hands back', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-step').click();
    for (let i = 0; i < 3; i++) await page.getByTestId('btn-fail').click();
    await expectState(page, 'failed');
    await page.getByTestId('btn-replay').click();
    await expect(page.getByTestId('replay-result')).toHaveAttribute('data-same', 'true');
    await expect(page.getByTestId('replay-result')).toContainText('not_found');
    await page.getByTestId('select-takeover-kind').selectOption('set_args');
    await page.getByTestId('input-takeover-args').fill('not json');
    await page.getByTestId('btn-takeover').click();
    await expect(page.getByTestId('takeover-result')).toHaveAttribute('data-ok', 'false');
    await page.getByTestId('input-takeover-args').fill('{"cmd":"psql -l"}');
    await page.getByTestId('btn-takeover').click();
    await expect(page.getByTestId('takeover-result')).toHaveAttribute('data-ok', 'true');
    await expectState(page, 'running');
    await page.getByTestId('btn-step').click();
    await expect(page.getByTestId('current-step')).toHaveText('2');
    await expect(page.getByTestId('ledger-row').filter({ hasText: 'human' })).toHaveCount(1);
  });
  await test.step('import: a file that is not ours is refused with the reason; a good one opens', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-step').click();
    const before = await page.getByTestId('run-item').count();
    await page
      .getByTestId('input-import')
      .setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":"<b>world</b>"}') });
    await expect(page.getByTestId('notice')).toBeVisible();
    await expect(page.getByTestId('notice').locator('b')).toHaveCount(0);
    await expect(page.getByTestId('run-item')).toHaveCount(before);
    const download = page.waitForEvent('download');
    await page.getByTestId('btn-export').click();
    const file = await (await download).path();
    await page.getByTestId('input-import').setInputFiles(file);
    await expect(page.getByTestId('run-item')).toHaveCount(before + 1);
    await expectState(page, 'running');
  });
  await test.step('corrupt storage: the bad record is skipped with its reason, the run still resumes', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-start').click();
    for (let i = 0; i < 8; i++) await page.getByTestId('btn-step').click();
    await expect(page.getByTestId('current-step')).toHaveText('8');
    const newest = await newestItem(page);
    const runId = await page.locator('[data-testid="run-item"].is-current').getAttribute('data-run');
    // A damaged checkpoint record newer than the rest, and a foreign record beside it.
    await page.evaluate(
      ([runId, seq]) =>
        new Promise<void>((resolve, reject) => {
          const req = indexedDB.open('harness-sim');
          req.onsuccess = () => {
            const tx = req.result.transaction('records', 'readwrite');
            tx.objectStore('records').put({ schema: 'harness-sim.stored-checkpoint/1', garbage: true }, [
              'cp',
              runId as string,
              (seq as number) + 50,
            ]);
            tx.objectStore('records').put('<img src=x onerror=alert(1)>', [
              'cp',
              runId as string,
              (seq as number) + 51,
            ]);
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
          req.onerror = () => reject(req.error);
        }),
      [runId, newest.seq] as const,
    );
    await page.reload();
    await expectReady(page);
    await expect(page.getByTestId('storage-notice')).toBeVisible();
    await expect(page.getByTestId('storage-notice')).toContainText('2');
    await expect(page.getByTestId('current-step')).toHaveText(String(newest.step));
    await expect(page.getByTestId('fatal-error')).toHaveCount(0);
  });
  await test.step('without checkpoints a restart begins at step 1 and the redone steps are wasted', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('select-design').selectOption('no-checkpoint');
    await page.getByTestId('btn-new-run').click();
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    await expect(page.getByTestId('current-step')).toHaveText('27');
    await expect(page.getByTestId('checkpoint-count')).toHaveText('0');
    await page.getByTestId('btn-crash').click();
    await page.getByTestId('btn-restart').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    await expect(page.getByTestId('current-step')).toHaveText('27');
    await expect(page.getByTestId('steps-wasted')).toHaveText('26');
  });
});

test('takeover from an older checkpoint, then a checkpoint every step, on one page', async ({ page }) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(60_000);
  await test.step('takeover from an older checkpoint starts a branch; the run it came from stays as it was', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    await expectState(page, 'waiting_approval');
    const older = page.locator('[data-testid="checkpoint-item"][data-trigger="phase_switch"][data-step="7"]');
    await older.getByTestId('btn-preview').click();
    await expect(page.getByTestId('takeover-from')).toHaveAttribute(
      'data-seq',
      (await older.getAttribute('data-seq')) ?? '',
    );
    await expect(page.getByTestId('takeover-from')).toContainText('new branch');
    await page.getByTestId('select-takeover-kind').selectOption('skip');
    await page.getByTestId('btn-takeover').click();
    await expect(page.getByTestId('takeover-result')).toHaveAttribute('data-ok', 'true');
    // The branch stands after the skipped step 7, the person in its ledger.
    await expectState(page, 'running');
    await expect(page.getByTestId('current-step')).toHaveText('8');
    await expect(page.getByTestId('ledger-row').filter({ hasText: 'human' })).toHaveCount(1);
    await expect(page.locator('[data-testid="run-item"]').filter({ hasText: 'branch of' })).toHaveCount(1);
    // The original run still waits at step 27 with its one request.
    await page
      .locator('[data-testid="run-item"]')
      .filter({ hasNotText: 'branch of' })
      .getByTestId('btn-open-run')
      .click();
    await expectState(page, 'waiting_approval');
    await expect(page.getByTestId('current-step')).toHaveText('27');
    await expect(page.getByTestId('ledger-row').filter({ hasText: 'human' })).toHaveCount(0);
  });
  await test.step('density every step: a checkpoint per step, each write marked durable with its latency', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('select-density').selectOption('every_step');
    await page.getByTestId('btn-new-run').click();
    await page.getByTestId('btn-start').click();
    // The first tick produces the plan (phase_switch); each of the next three runs a step.
    for (let i = 0; i < 4; i++) await page.getByTestId('btn-step').click();
    await expect(page.getByTestId('current-step')).toHaveText('4');
    await expect(page.locator('[data-testid="checkpoint-item"][data-trigger="every_step"]')).toHaveCount(3);
    await expect(page.getByTestId('checkpoint-write')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('checkpoint-write')).toContainText(/in \d+(\.\d)? ms/);
    await expect(page.getByTestId('steps-at-risk')).toHaveText('0');
  });
});

test('two tabs on one run: one drives, the other follows and can drive here', async ({ context }) => {
  await driveThenDriveHere(context, 8);
});

test('pruning, then the overnight ending, then IndexedDB unavailable, on one page', async ({ page }) => {
  // Steps that were tests of 30 s each, on a busy machine.
  test.setTimeout(60_000);
  await test.step('pruning: a person deletes an older run, after confirming; the current one cannot be', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('btn-new-run').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2);
    const other = page.locator('[data-testid="run-item"]:not(.is-current)');
    await other.getByTestId('btn-delete-run').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2);
    await other.getByTestId('btn-confirm-delete').click();
    await expect(page.getByTestId('run-item')).toHaveCount(1);
    await expect(page.locator('[data-testid="run-item"].is-current').getByTestId('btn-delete-run')).toHaveCount(0);
  });
  await test.step('the overnight ending: the process is killed after 8 h waiting; a restart still has the one request', async () => {
    await open(page, '?lang=en&run=new');
    await page.getByTestId('input-overnight').check();
    await page.getByTestId('btn-new-run').click();
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    await expectState(page, 'waiting_approval');
    await page.getByTestId('input-speed').fill('100');
    await page.getByTestId('btn-play').click();
    await expect(page.getByTestId('process-down')).toContainText('timeout');
    await expect(page.getByTestId('btn-step')).toBeDisabled();
    await page.getByTestId('btn-restart').click();
    await expectState(page, 'waiting_approval');
    await expect(page.getByTestId('approval-requests')).toHaveText('1');
    await expect(page.getByTestId('resume-notice')).toContainText('before_suspend');
  });
  await test.step('IndexedDB unavailable: the simulator runs in memory and says a reload will not resume', async () => {
    // Last: from here on every document of this page finds IndexedDB denied.
    await page.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', {
        get() {
          throw new DOMException('The user denied permission to access the database.', 'SecurityError');
        },
      });
    });
    await open(page, '?lang=en');
    await expect(page.getByTestId('storage-status')).toHaveAttribute('data-status', 'memory');
    await expect(page.getByTestId('storage-status')).toContainText('reload will not resume');
    await page.getByTestId('btn-start').click();
    await page.getByTestId('btn-fast-forward-approval').click();
    await expectState(page, 'waiting_approval');
    await expect(page.getByTestId('checkpoint-item').first()).toHaveAttribute('data-trigger', 'before_suspend');
  });
});
