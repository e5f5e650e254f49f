import { expect, test, type Page } from '@playwright/test';
import { phoneAt, projectorPage, relayForSpec, startClass } from './classKit';

/**
 * The article's self-test in a live class (issue 43, ui-contract "Live class"): the phones type
 * their answers, and the projector shows them without names, a few at a time, beside the
 * article's model answer. Every answer is text, never markup.
 */

const relay = relayForSpec();
const base = relay.base;

test('the self-test on the phones: the projector shows the typed answers without names, three at a time, beside the model answer (zh)', async ({
  browser,
}) => {
  const teacher = await projectorPage(browser);
  await teacher.goto(`${base()}?lang=zh&run=new&present=1&lesson=no-progress&at=1#teacher=${relay.token()}`);
  const code = await startClass(teacher);
  const nicknames = ['阿明', 'Bea', 'Cy', '<i>Dee</i>'];
  const phones: Page[] = [];
  for (const nickname of nicknames) {
    const p = await phoneAt(browser, base(), 'class', 'zh');
    await p.getByTestId('input-class-code').fill(code);
    await p.getByTestId('input-class-nickname').fill(nickname);
    await p.getByTestId('btn-class-join').click();
    await expect(p.getByTestId('student-view')).toBeVisible();
    phones.push(p);
  }
  await expect(teacher.getByTestId('class-joined')).toHaveText('4');

  await teacher.getByTestId('btn-class-selftest').click();
  const first = await teacher.getByTestId('btn-class-question').first().getAttribute('data-q');
  const typed = ['先看账本里哪一步做完了', 'read the ledger first', 'checkpoint = position', '<b>not bold</b>'];
  for (const [i, p] of phones.entries()) {
    await expect(p.getByTestId('student-view')).toHaveAttribute('data-kind', 'selftest');
    await p.locator(`[data-testid="student-text"][data-q="${first}"]`).fill(typed[i]!);
    await p.locator(`[data-testid="btn-student-send"][data-q="${first}"]`).click();
    await expect(p.locator(`[data-testid="btn-student-send"][data-q="${first}"]`)).toBeDisabled();
  }
  // Three at a time, then the fourth; every one as it was typed, no name beside any.
  const texts = teacher.getByTestId('class-text');
  await expect(texts).toHaveCount(3);
  const seen = await texts.allTextContents();
  await teacher.getByTestId('btn-class-texts-more').click();
  await expect(texts).toHaveCount(1);
  seen.push(...(await texts.allTextContents()));
  expect(seen.sort()).toEqual([...typed].sort());
  for (const name of nicknames) expect(seen.join(' ')).not.toContain(name);
  await expect(teacher.locator('.hs-class__texts b, .hs-class__texts i')).toHaveCount(0);
  await expect(teacher.getByTestId('selftest-model-answer')).toBeVisible();
  for (const p of phones) await p.context().close();
  await teacher.context().close();
});
