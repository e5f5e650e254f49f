import { expect, test, type Page } from '@playwright/test';
import { LESSONS, playTo, type Lesson } from '../src/lessons';
import { showsDiffer } from '../src/lessons/shows';
import { viewOf } from '../src/store/view';
import { codeLineOf } from '../src/ui/code/codeLine';
import { readPage } from './claims';
import { open } from './helpers';

/**
 * Every claim on screen held to the run, in the browser (issue: every claim on screen held to
 * the run): each stop of every lesson, played by the page itself in zh and in en, read from the
 * UI contract's hooks and held to what the stop's `shows` says its caption claims (state, step,
 * end reason, the clock's day and time window, meters, checkpoints, …). src/lessons/lessons.test.ts
 * holds the same data to the engine; this holds it to the screen, which can differ from it.
 */

/** The stop on screen (1-based `data-at`), once its caption shows. */
async function captionAt(page: Page, at: number) {
  const turn = page.getByTestId('lesson-your-turn');
  // A stop shows once its runs are stored (lesson-busy meanwhile): then its caption or its turn.
  await expect(page.getByTestId('lesson-caption').or(turn)).toBeVisible();
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0);
  if (await turn.isVisible()) await page.getByTestId('btn-lesson-show').click();
  await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-at', String(at));
}

/**
 * The page shows what the stop says, or the test names the stop and every field that differs.
 * Every stop also claims its code line (the code view is on in a lesson): the one line the move
 * just taken executed, by the one table of src/ui/code/codeLine.ts applied to the lesson's run
 * at that stop, or none; never two.
 */
async function expectClaims(page: Page, lesson: Lesson, i: number, lang: string) {
  const stop = lesson.stops[i]!;
  const want = codeLineOf(viewOf(playTo(lesson, i, { script: true }).sim));
  const code = want ? { transition: want.transition, lines: [want.line] } : { transition: null, lines: [] };
  await expect
    .poll(
      async () => {
        const shown = await readPage(page);
        const diff = showsDiffer(stop.shows, shown);
        if (JSON.stringify(shown.code) !== JSON.stringify(code))
          diff.push(`code: ${JSON.stringify(shown.code)}, not ${JSON.stringify(code)}`);
        return diff;
      },
      { message: `${lesson.id} stop ${i + 1} (${lang})`, timeout: 5_000 },
    )
    .toEqual([]);
}

for (const lang of ['zh', 'en'] as const) {
  test(`every stop of every lesson shows what its caption claims (${lang})`, async ({ page }) => {
    test.setTimeout(240_000);
    for (const lesson of LESSONS) {
      await open(page, `?lang=${lang}&lesson=${lesson.id}`);
      // Predict first is off here: predict.spec.ts tests the asking; this tests what each stop shows.
      const predict = page.getByTestId('toggle-predict');
      if (await predict.isChecked()) await predict.uncheck();
      for (let i = 0; i < lesson.stops.length; i++) {
        if (i > 0) await page.getByTestId('btn-lesson-next').click();
        await captionAt(page, i + 1);
        await expect(page.getByTestId('lesson-source')).toHaveText(lesson.stops[i]!.source);
        await expectClaims(page, lesson, i, lang);
      }
      await expect(page.getByTestId('lesson-done')).toBeVisible();
    }
  });
}
