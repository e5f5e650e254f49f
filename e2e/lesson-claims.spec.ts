import { expect, test, type Page } from '@playwright/test';
import { LESSONS, playTo, predictionAt, type Lesson } from '../src/lessons';
import { showsDiffer } from '../src/lessons/shows';
import { viewOf } from '../src/store/view';
import { codeLineOf } from '../src/ui/code/codeLine';
import { PROJECTORS, citedProblems, readPage } from './claims';
import { frameWait, open } from './helpers';

/**
 * Every claim on screen held to the run, in the browser (issue: every claim on screen held to
 * the run): each stop of every lesson, played by the page itself in zh and in en, read from the
 * UI contract's hooks and held to what the stop's `shows` says its caption claims (state, step,
 * end reason, the clock's day and time window, meters, checkpoints, …). src/lessons/lessons.test.ts
 * holds the same data to the engine; this holds it to the screen, which can differ from it.
 *
 * Played in presenter mode (`?present=1`), each stop also holds presenter mode to what its caption
 * cites (its `focus`): every cited read-out drawn beside the diagram, in the window, at 24 px or
 * more, at both projectors' sizes: zh is played at 1024x768 and en at 1280x720, so every stop is
 * read out at both sizes, once in each language, and each lesson's last stop again after the
 * window is resized to the other size. Predict first is on there, so each stop that asks is
 * answered and its reveal held to 28 px, whole in the deck, at both sizes too.
 */

/**
 * expect.poll's retries for a read of the page (one evaluate): a frame or two apart, where its
 * default waits 100, 250, 500 ms and then a second, past a page that moved on a frame later.
 */
const POLL = [20, 20, 50, 100];

/** The stop on screen (1-based `data-at`), once its caption shows. */
async function captionAt(page: Page, at: number) {
  const turn = page.getByTestId('lesson-your-turn');
  // A stop shows once its runs are stored (lesson-busy meanwhile): then its caption or its turn.
  await frameWait(
    page,
    `[data-testid="lesson-caption"][data-at="${at}"], [data-testid="lesson-your-turn"][data-at="${at}"]`,
  );
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
      { message: `${lesson.id} stop ${i + 1} (${lang})`, timeout: 5_000, intervals: POLL },
    )
    .toEqual([]);
}

/** Presenter mode shows what the stop's caption cites, at the window's size, or the test names what it does not. */
async function expectCited(page: Page, lesson: Lesson, i: number, lang: string, size: (typeof PROJECTORS)[number]) {
  const focus = lesson.stops[i]!.focus ?? [];
  if (focus.length === 0) return;
  await expect
    .poll(() => citedProblems(page, focus), {
      message: `${lesson.id} stop ${i + 1} (${lang}, ${size.width}x${size.height}): cited read-outs in presenter mode`,
      timeout: 5_000,
      intervals: POLL,
    })
    .toEqual([]);
}

/**
 * Predict first is on in presenter lessons: a stop that asks (an injected command, not the
 * student's turn: predictThenGo) is answered with its first choice, and its reveal must show
 * whole in the deck, in the window, at 28 px; then it is closed and the stop read as any other.
 */
async function answerAndReveal(page: Page, lesson: Lesson, i: number, lang: string, width: number) {
  if (lesson.stops[i]!.yourTurn || !predictionAt(lesson, i)) return;
  await page.getByTestId('predict-prompt').getByTestId('predict-choice').first().click();
  const reveal = page.getByTestId('predict-result');
  await frameWait(page, '[data-testid="lesson-busy"]', true);
  await expect(page.getByTestId('lesson-busy')).toHaveCount(0);
  await expect
    .poll(
      () =>
        reveal.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const deck = el.closest('.hs-deck')!.getBoundingClientRect();
          const px = parseFloat(getComputedStyle(el.querySelector('p')!).fontSize);
          return r.bottom <= Math.min(deck.bottom, innerHeight) + 0.5 && r.top >= 0 && px >= 28;
        }),
      {
        message: `${lesson.id} stop ${i + 1} (${lang}, ${width}px): the reveal whole in the deck, at 28 px`,
        timeout: 5_000,
        intervals: POLL,
      },
    )
    .toBe(true);
  await page.getByTestId('btn-predict-close').click();
}

test.use({ viewport: PROJECTORS[0] });

// zh at the smaller projector, en at the wider one: every stop is held at both sizes.
for (const [lang, size] of [
  ['zh', PROJECTORS[0]],
  ['en', PROJECTORS[1]],
] as const) {
  test(`every stop of every lesson shows what its caption claims, and presenter mode what it cites (${lang}, ${size.width}x${size.height})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    // One step a lesson: Playwright files each call under the step of its zone; outside one, it
    // looks for its parent through every call the test made so far (quadratic in a test of thousands).
    for (const lesson of LESSONS) await test.step(lesson.id, () => playLesson(lesson));

    async function playLesson(lesson: Lesson) {
      await open(page, `?lang=${lang}&present=1&lesson=${lesson.id}`);
      // Predict first is on, as in any presenter lesson: each stop that asks is answered.
      await expect(page.getByTestId('toggle-predict')).toBeChecked();
      for (let i = 0; i < lesson.stops.length; i++) {
        if (i > 0) {
          await page.getByTestId('btn-lesson-next').click();
          await answerAndReveal(page, lesson, i, lang, size.width);
        }
        await captionAt(page, i + 1);
        await expect(page.getByTestId('lesson-source')).toHaveText(lesson.stops[i]!.source);
        await expectClaims(page, lesson, i, lang);
        await expectCited(page, lesson, i, lang, size);
      }
      // A window resized while a stop shows: the lesson's last stop, read again at the other size.
      const other = PROJECTORS[size === PROJECTORS[0] ? 1 : 0];
      await page.setViewportSize(other);
      await expectCited(page, lesson, lesson.stops.length - 1, lang, other);
      await page.setViewportSize(size);
      await expect(page.getByTestId('lesson-done')).toBeVisible();
    }
  });
}
