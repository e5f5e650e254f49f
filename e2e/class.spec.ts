import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startClassServer, type ClassServer } from '../server/class/server';
import { freePort, spawnRelay, startRedis } from '../server/class/test/helpers';
import { phoneAt, projectorPage, relayForSpec, startClass } from './classKit';
import { expectReady, open } from './helpers';

/**
 * A live class (issue 43, ui-contract "Live class") on the real relay (server/class/, the site
 * and Socket.IO on one port as `npm run class` serves them): the projector in presenter mode
 * starts a class, three phones (one browser context each) join, answer the projector's own
 * Predict first question, the projector counts and reveals them, and each phone shows its
 * result and score. Then the done-when: the relay (its own process) is killed with SIGKILL
 * and restarted on the same port and data, and the pages come back by themselves with every
 * answer; and two relays sharing Redis, the teacher on one and the phones on the other, count
 * each other's answers. The refusals and Redis's own kills are tested beside the relay
 * (server/class/test).
 */

const relay = relayForSpec();
const base = relay.base;
const phone = (browser: Browser, query: string) => phoneAt(browser, base(), query);

const choose = (page: Page, choice: string) =>
  page.locator(`[data-testid="student-choice"][data-choice="${choice}"]`).click();

test('three phones answer the projector’s prediction: the histogram counts them, each phone its result', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  // The relay as `npm run class` runs it, in its own process so the test can SIGKILL it.
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'class-e2e-kill-'));
  const siteEnv = { CLASS_SITE_DIR: resolve('dist') };
  let relay = await spawnRelay(port, dataDir, siteEnv);
  const base = () => `${relay.url}/`;
  const phone = (query: string) => phoneAt(browser, base(), query);
  const teacher = await projectorPage(browser);
  await teacher.goto(`${base()}?lang=en&run=new&present=1&lesson=no-progress&at=1#teacher=${relay.token}`);
  await expectReady(teacher);
  await expect(teacher.getByTestId('lesson')).toHaveAttribute('aria-busy', 'false');
  // The token went into the tab, out of the address the room sees.
  expect(teacher.url()).not.toContain(relay.token);

  const code = await startClass(teacher);
  await expect(teacher.getByTestId('class-qr')).toHaveAttribute('data-text', `${base()}?class=${code}`);

  // Two scan the QR (its address joins at once); one types the code with a nickname that is markup.
  const phones = [await phone(`class=${code}`), await phone(`class=${code}`)];
  const typed = await phone('class');
  await typed.getByTestId('input-class-code').fill(code.toLowerCase());
  const nickname = '<img src=x onerror=__owned=1>';
  await typed.getByTestId('input-class-nickname').fill(nickname);
  await typed.getByTestId('btn-class-join').click();
  phones.push(typed);
  for (const p of phones) await expect(p.getByTestId('student-view')).toHaveAttribute('data-kind', 'watch');
  await expect(teacher.getByTestId('class-joined')).toHaveText('3');
  // The nickname is text on the projector, never an element.
  await teacher.locator('.hs-class__students summary').click();
  await expect(teacher.getByTestId('class-student').filter({ hasText: nickname })).toHaveCount(1);
  await expect(teacher.locator('.hs-class img')).toHaveCount(0);
  await expect(typed.getByText(nickname, { exact: false })).toBeVisible();

  // Next: the projector's Predict first asks before stop 2 plays; the phones get the same choices.
  await teacher.getByTestId('btn-lesson-next').click();
  const offered = await teacher.getByTestId('predict-choice').evaluateAll((bs) => bs.map((b) => b.dataset.choice));
  for (const p of phones) {
    await expect(p.getByTestId('student-view')).toHaveAttribute('data-kind', 'predict');
    expect(await p.getByTestId('student-choice').evaluateAll((bs) => bs.map((b) => b.dataset.choice))).toEqual(offered);
  }
  // One changes their mind before answering for good; answers count as they arrive. The projector
  // asks whether the fuse trips too (it does not here): one says no, one yes, one stays unsure.
  await choose(phones[0]!, 'running');
  await choose(phones[0]!, 'tool_failed');
  await phones[0]!.locator('[data-testid="student-fuse"][data-fuse="no"]').check();
  await choose(phones[1]!, 'tool_failed');
  await phones[2]!.locator('[data-testid="student-fuse"][data-fuse="yes"]').check();
  await expect(teacher.getByTestId('class-answers')).toHaveText('2');
  await choose(phones[2]!, 'running');
  await expect(teacher.getByTestId('class-answers')).toHaveText('3');

  // kill -9 of the relay: every page sees the connection go, then comes back by itself to a new
  // process on the same port and data, with the class and every answer the phones were told of.
  relay.child.kill('SIGKILL');
  await new Promise((done) => relay.child.once('exit', done));
  await expect(teacher.getByTestId('class-panel')).toHaveAttribute('data-status', 'reconnecting');
  for (const p of phones) await expect(p.getByTestId('student-page')).toHaveAttribute('data-status', 'reconnecting');
  relay = await spawnRelay(port, dataDir, siteEnv);
  await expect(teacher.getByTestId('class-panel')).toHaveAttribute('data-status', 'live', { timeout: 10_000 });
  await expect(teacher.getByTestId('class-join-code')).toHaveText(code);
  await expect(teacher.getByTestId('class-joined')).toHaveText('3');
  await expect(teacher.getByTestId('class-answers')).toHaveText('3');
  for (const [i, p] of phones.entries()) {
    await expect(p.getByTestId('student-page')).toHaveAttribute('data-status', 'live', { timeout: 10_000 });
    const mine = ['tool_failed', 'tool_failed', 'running'][i]!;
    await expect(p.locator(`[data-testid="student-choice"][data-choice="${mine}"]`)).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
  // A phone reloaded now (its page gone and back) shows its answer and its fuse as the relay kept them.
  await phones[0]!.reload();
  await expect(phones[0]!.locator('[data-testid="student-choice"][data-choice="tool_failed"]')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(phones[0]!.locator('[data-testid="student-fuse"][data-fuse="no"]')).toBeChecked();

  await teacher.getByTestId('btn-class-reveal').click();
  const histogram = teacher.getByTestId('class-histogram');
  await expect(histogram).toHaveAttribute('data-answer', 'tool_failed');
  const bars = await teacher
    .getByTestId('class-bar')
    .evaluateAll((bs): Record<string, number> =>
      Object.fromEntries(bs.map((b) => [b.dataset.choice ?? '', Number(b.dataset.count)])),
    );
  expect(Object.keys(bars)).toEqual(offered);
  expect(bars).toMatchObject({ tool_failed: 2, running: 1 });
  expect(Object.values(bars).reduce((a, b) => a + b, 0)).toBe(3);
  // The fuse question's split under it, the lesson's answer (it does not trip) marked.
  const fuseBar = (f: string) => teacher.locator(`[data-testid="class-fuse-bar"][data-choice="${f}"]`);
  await expect(fuseBar('yes')).toHaveAttribute('data-count', '1');
  await expect(fuseBar('no')).toHaveAttribute('data-count', '1');
  await expect(fuseBar('no')).toHaveAttribute('data-right', 'true');
  // Then the move plays on the projector: the lesson is at stop 2.
  await expect(teacher.getByTestId('lesson-caption')).toHaveAttribute('data-at', '2');

  const expected = [true, true, false];
  for (const [i, p] of phones.entries()) {
    await expect(p.getByTestId('student-result')).toHaveAttribute('data-correct', String(expected[i]));
    await expect(p.getByTestId('student-score')).toHaveAttribute('data-right', expected[i] ? '1' : '0');
    await expect(p.getByTestId('student-score')).toHaveAttribute('data-revealed', '1');
  }
  // The markup nickname ran nowhere.
  for (const p of [teacher, ...phones]) expect(await p.evaluate(() => '__owned' in window)).toBe(false);
  // A phone that reloads comes back to the class with its result (its secret is the device's).
  await phones[2]!.reload();
  await expect(phones[2]!.getByTestId('student-result')).toHaveAttribute('data-correct', 'false');
  await expect(teacher.getByTestId('class-joined')).toHaveText('3');
  for (const p of phones) await p.context().close();
  await teacher.context().close();
  relay.child.kill('SIGKILL');
});

test('Start a class pressed before the address’s lesson shows starts the class at that lesson, not the first', async ({
  browser,
}) => {
  const teacher = await projectorPage(browser);
  // The lesson's view is held back, as on a slow first load: its stop cannot show yet.
  let release = () => {};
  const held = new Promise<void>((go) => (release = go));
  let holding = 0;
  await teacher.route('**/assets/LessonBar-*.js', async (route) => {
    holding++;
    await held;
    await route.continue();
  });
  await teacher.goto(`${base()}?lang=en&run=new&present=1&lesson=fuse&at=2#teacher=${relay.token()}`);
  // The press lands while the lesson's view is held (a renamed chunk would hold nothing).
  await expect.poll(() => holding).toBe(1);
  await teacher.getByTestId('btn-class-start').click();
  await expect(teacher.getByTestId('lesson')).toHaveCount(0);
  release();
  await expect(teacher.getByTestId('class-join-code')).toHaveText(/^[A-Z2-9]{8}$/);
  await expect(teacher.getByTestId('lesson')).toHaveAttribute('data-lesson', 'fuse');
  expect(new URL(teacher.url()).searchParams.get('lesson')).toBe('fuse');
  await teacher.context().close();
});

test('two relays share the class through Redis: the teacher on one, the phones on the other', async ({ browser }) => {
  const redis = await startRedis();
  const relays: ClassServer[] = [];
  try {
    for (let i = 0; i < 2; i++)
      relays.push(
        await startClassServer({
          port: 0,
          host: '127.0.0.1',
          dataDir: mkdtempSync(join(tmpdir(), 'class-e2e-redis-')),
          redisUrl: redis.url,
          distDir: resolve('dist'),
          sweepEveryMs: 0,
        }),
      );
    const [one, two] = relays as [ClassServer, ClassServer];
    expect(two.teacherToken).toBe(one.teacherToken);
    const teacher = await projectorPage(browser);
    await teacher.goto(
      `http://127.0.0.1:${one.port}/?lang=en&run=new&present=1&lesson=no-progress&at=1#teacher=${one.teacherToken}`,
    );
    const code = await startClass(teacher);
    const phones = [
      await phoneAt(browser, `http://127.0.0.1:${two.port}/`, `class=${code}`),
      await phoneAt(browser, `http://127.0.0.1:${two.port}/`, `class=${code}`),
    ];
    for (const p of phones) await expect(p.getByTestId('student-view')).toHaveAttribute('data-kind', 'watch');
    await expect(teacher.getByTestId('class-joined')).toHaveText('2');
    await teacher.getByTestId('btn-lesson-next').click();
    for (const p of phones) await expect(p.getByTestId('student-view')).toHaveAttribute('data-kind', 'predict');
    await choose(phones[0]!, 'tool_failed');
    await choose(phones[1]!, 'running');
    await expect(teacher.getByTestId('class-answers')).toHaveText('2');
    await teacher.getByTestId('btn-class-reveal').click();
    await expect(teacher.locator('[data-testid="class-bar"][data-choice="tool_failed"]')).toHaveAttribute(
      'data-count',
      '1',
    );
    await expect(teacher.locator('[data-testid="class-bar"][data-choice="running"]')).toHaveAttribute(
      'data-count',
      '1',
    );
    await expect(phones[0]!.getByTestId('student-result')).toHaveAttribute('data-correct', 'true');
    for (const p of phones) await p.context().close();
    await teacher.context().close();
  } finally {
    for (const r of relays) await r.close();
    redis.stop();
  }
});

test('hosted without the relay, "Start a class" says it needs npm run class; the lesson still runs', async ({
  page,
}) => {
  await open(page, '?lang=en&run=new&present=1&lesson=no-progress&at=1');
  await page.getByTestId('btn-class-start').click();
  await expect(page.getByTestId('class-panel')).toHaveAttribute('data-status', 'norelay');
  await expect(page.getByTestId('class-message')).toContainText('npm run class');
  await page.getByTestId('btn-lesson-next').click();
  await expect(page.getByTestId('predict-prompt')).toBeVisible();
});

test('in presenter mode without a lesson (the address npm run class prints), Start a class opens the first lesson and starts there', async ({
  page,
}) => {
  await open(page, '?lang=en&present=1');
  await page.getByTestId('btn-class-start').click();
  await expect(page.getByTestId('lesson')).toHaveAttribute('data-lesson', 'three-endings');
  // Here the host has no relay: the lesson's page tried, and says what a class needs.
  await expect(page.getByTestId('class-panel')).toHaveAttribute('data-status', 'norelay');
  await page.reload();
  await expect(page.getByTestId('class-panel')).toHaveAttribute('data-status', 'off');
});

test('the class follows the teacher to another lesson: the tab keeps its token and rejoins the class', async ({
  browser,
}) => {
  const teacher = await projectorPage(browser);
  await teacher.goto(`${base()}?lang=en&run=new&present=1&lesson=no-progress&at=1#teacher=${relay.token()}`);
  const code = await startClass(teacher);
  const student = await phone(browser, `class=${code}`);
  await expect(student.getByTestId('student-view')).toHaveAttribute('data-kind', 'watch');

  // Another lesson, a new page in the same tab, no token in its address: the same class follows.
  await teacher.goto(`${base()}?lang=en&run=new&present=1&lesson=fuse&at=2`);
  await expect(teacher.getByTestId('class-join-code')).toHaveText(code);
  await expect(student.getByTestId('student-view')).toHaveAttribute('data-stop', '1');
  await expect(student.locator('.hs-student__title')).toContainText('2 of 8');

  // A refusal reads as a sentence in the page's language, never its code: thirty presses of
  // Pause in one go are more than the relay takes from one connection in a second.
  await teacher.getByTestId('btn-class-pause').evaluate((b: HTMLButtonElement) => {
    for (let i = 0; i < 30; i++) b.click();
  });
  // One look at the note (a later press the relay took clears it): the sentence, without the code.
  await expect(teacher.locator('[data-testid="class-error"][data-error="rate_limited"]')).toHaveText(
    /^(?!.*rate_limited).*too many requests at once/,
  );
  await student.context().close();
  await teacher.context().close();
});
