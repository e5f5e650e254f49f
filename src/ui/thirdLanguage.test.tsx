import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SCENARIOS, STORIES, type Checkpoint, type ContextMessage, type MessageWords } from '../engine';
import { drive } from '../engine/testing.test-kit';
import { addDictionary, localizeError, translate, type Dictionary, type Lang } from '../i18n';
import { DICTIONARIES } from '../i18n/all';
import { CHALLENGE_REFUSALS, parseChallenge } from '../challenges/parse';
import { LESSONS, validateLesson } from '../lessons';
import { problem, type Refusal, type RefusalKey, type Refusals } from '../lessons/problem';
import { LESSON_REFUSALS } from '../lessons/validate';
import { classPlan } from '../lessons/guide';
// eslint-disable-next-line no-restricted-imports -- the texts the store writes, built as it builds them
import { skippedAt, storageError } from '../persistence/errors';
import { useSimStore } from '../store/simStore';
import { viewOf } from '../store/view';
import { traceError } from '../traces/errors';
import { Controls } from './controls/Controls';
import { GuidePlan } from './guide/GuidePlan';
import { GuideView } from './guide/GuideView';
import { StorageNotice } from './panels/ResumeNotice';
import { translatorFor } from './translator';
import { messageText, titleText } from './engineText';
import { ChannelPanel } from './panels/ChannelPanel';
import { PlanPanel } from './panels/PlanPanel';

/**
 * A third language is one dictionary plus its id (issue 42). Shown without adding one to the
 * product: `xx` is registered here at runtime, every English word marked ⟦xx⟧, and what the
 * page renders through `t` must then be marked everywhere a word shows. A word without the
 * mark is a string that does not come from the dictionaries.
 */
const XX = 'xx' as Lang; // no type knows xx: LANGS would list it in the product
const MARK = '⟦xx⟧';

vi.stubGlobal('window', {
  location: { href: 'http://localhost/?guide=1' },
  history: { replaceState: () => undefined },
});

beforeAll(() => {
  const marked = Object.fromEntries(Object.entries(DICTIONARIES.en).map(([k, v]) => [k, `${MARK}${v}`]));
  addDictionary(XX, marked as Dictionary);
});

/**
 * Every piece of text (and title, aria-label) of `html` that holds a letter, but for what the
 * page marks as not its words: code, keys (kbd), and text in another language (`lang`, the article's Chinese).
 */
function wordsOf(html: string): string[] {
  const shown = html
    .replace(/<(code|kbd)[^>]*>.*?<\/\1>/gs, ' ')
    .replace(/<(\w+)[^>]*\slang="[^"]*"[^>]*>.*?<\/\1>/gs, ' ');
  const attrs = [...shown.matchAll(/\s(?:title|aria-label|placeholder)="([^"]*)"/g)].map((m) => m[1] ?? '');
  const texts = shown.split(/<[^>]*>/);
  // An address (the printed guide's link to each lesson) is not a word.
  return [...attrs, ...texts].map((s) => s.trim()).filter((s) => /\p{L}/u.test(s) && !/^https?:/.test(s));
}

/**
 * The page's state for a server render, which reads the store's initial state. Test files share
 * their modules (vite.config.ts `isolate: false`): what this file changes is put back after it.
 */
const initial = { ...useSimStore.getInitialState() };
const show = (state: Partial<ReturnType<typeof useSimStore.getState>>) => {
  Object.assign(useSimStore.getInitialState(), state);
  useSimStore.setState(state);
};
afterAll(() => {
  Object.assign(useSimStore.getInitialState(), initial);
  useSimStore.setState(initial, true);
});

const unmarked = (texts: readonly string[]) => texts.filter((s) => !s.includes(MARK));

describe('a third language, registered at runtime', () => {
  it('the check can fail: a word outside the dictionaries is found', () => {
    expect(unmarked(wordsOf(`<p title="${MARK}ok">${MARK}ok</p><p>Play</p><code>run-1</code>`))).toEqual(['Play']);
  });

  it('names every control and says why each does not apply, through t', () => {
    for (const ready of [false, true]) {
      show({ lang: XX, ready });
      const words = wordsOf(renderToStaticMarkup(<Controls />));
      expect(words.length).toBeGreaterThan(20);
      expect(unmarked(words)).toEqual([]);
    }
  });

  it('says a storage error (a number inside a number) and a skipped record in xx', () => {
    const text = storageError('E504', 3, storageError('E502', 'QuotaExceededError', 'the quota has been exceeded'));
    show({
      lang: XX,
      notice: { kind: 'error', text },
      skipped: [skippedAt('cp/run-1/7', 'corrupt', storageError('E513', 'its step lies outside its plan'))],
    });
    const words = wordsOf(renderToStaticMarkup(<StorageNotice />));
    expect(words.length).toBeGreaterThanOrEqual(4);
    expect(unmarked(words)).toEqual([]);
    // Each numbered part is the xx row: the English row's words appear only after a mark.
    expect(localizeError(text, XX)).toMatch(/^E504: ⟦xx⟧Checkpoint #3 was not saved: E502: ⟦xx⟧Storage is full/);
  });

  it('says a trace refusal and an engine error in xx', () => {
    expect(localizeError(traceError('E646', 'spans.0', 'NaN', 'not finite').en, XX)).toBe(
      `E646: ${MARK}Field spans.0: NaN is not a number this page accepts (not finite).`,
    );
    const t = translatorFor(XX);
    expect(t('err.E301', { 0: 'nope' })).toBe(`${MARK}Unknown scenario "nope".`);
  });

  it('draws the guide’s plan with every word of the page marked, lesson titles too', () => {
    const html = renderToStaticMarkup(<GuidePlan plan={classPlan()} lang={XX} t={translatorFor(XX)} />);
    const words = wordsOf(html);
    expect(words.length).toBeGreaterThan(10);
    expect(unmarked(words)).toEqual([]);
  });

  it('says every refusal of a lesson file (L1xx) and a challenge file (H1xx) from the xx dictionary', () => {
    const keyOf = (r: Refusal) => (typeof r === 'string' ? r : r.key);
    const keys = (t: Refusals) =>
      [t.root, ...Object.values(t.at), ...Object.values(t.unknownKey), ...Object.values(t.byCode ?? {})].map(keyOf);
    // parseChallenge's own two (too large, not JSON), then every row the tables name.
    const used = new Set<RefusalKey>(['err.H101', 'err.H102', ...keys(LESSON_REFUSALS), ...keys(CHALLENGE_REFUSALS)]);
    // No row unused, none missing: the dictionary holds exactly the refusals the validators give.
    expect([...used].sort()).toEqual(
      Object.keys(DICTIONARIES.en)
        .filter((k) => /^err\.[LH]1/.test(k))
        .sort(),
    );
    for (const key of used) {
      const code = key.split('.')[1];
      expect(translate(XX, problem(key, 'f').message), key).toMatch(new RegExp(`^${MARK}${code} f: ${MARK}`));
    }
    // As the challenge list shows a refused file, and a lesson's refusal alike.
    const t = translatorFor(XX);
    const file = parseChallenge('{ "format": 1 }');
    const lesson = validateLesson({ ...LESSONS[0], seed: -1 });
    expect(!file.ok && t('challenge.fileError', { msg: file.error.message })).toMatch(
      new RegExp(`^${MARK}.*H104 format: ${MARK}must be "harness-sim.challenge/1"`),
    );
    expect(!lesson.ok && t(lesson.error.message)).toBe(`${MARK}L106 seed: ${MARK}must be a whole number ≥ 0`);
  });

  /**
   * Lesson and scenario content (titles, captions, asks, guide notes, the self-test) is data
   * that holds dictionary keys: a third language has all of it from its dictionary alone.
   */
  it('says every lesson, stop, scenario and story in xx', () => {
    const said = [
      ...LESSONS.flatMap((l) => [
        l.title,
        ...l.stops.flatMap((s) => [s.caption, ...(s.yourTurn ? [s.yourTurn.ask] : [])]),
      ]),
      ...SCENARIOS.flatMap((s) => [s.title, s.summary]),
      ...Object.values(STORIES).map((s) => s.title),
    ];
    expect(said.length).toBeGreaterThan(130);
    expect(said.map((w) => translate(XX, w)).filter((text) => !text.startsWith(MARK))).toEqual([]);
  });

  it('draws the whole teacher’s guide (notes, readings, self-test, homework) in xx', () => {
    show({ lang: XX });
    const words = wordsOf(renderToStaticMarkup(<GuideView />));
    expect(words.length).toBeGreaterThan(300);
    expect(unmarked(words)).toEqual([]);
  });

  /**
   * What the engine writes (issue 42): step titles, replanned and answered ones too, and the
   * context channel's hints, reminders and rejections, each said from the xx dictionary. Two
   * runs: the migration with a rejection answered by a backup step, an approval that resumes
   * from its checkpoint, a failure twice (a hint, then a reminder), a crash and a restart; the
   * dynamic plan past its revision, a failure, a crash and a restart (its remaining steps read
   * back from the checkpoint).
   */
  it('says every step title and every injected message of a run in xx', () => {
    // Each part of a message's words is a row of the dictionary, a title its own row.
    const rows = (w: MessageWords): number =>
      1 +
      Object.values(w.params).reduce<number>((n, p) => n + (typeof p !== 'object' ? 0 : 'key' in p ? rows(p) : 1), 0);
    const kinds = new Set<ContextMessage['kind']>();
    let versions = 0;
    const check = (t: ReturnType<typeof drive>) => {
      const { plan, channel } = t.ctx;
      versions = Math.max(versions, plan.version);
      for (const step of plan.steps) {
        const title = titleText(XX, step.title);
        expect(title.ours && title.text.startsWith(MARK), step.title.en).toBe(true);
      }
      for (const m of channel) {
        kinds.add(m.kind);
        const said = messageText(XX, m);
        expect(said.replaceAll(MARK, ''), m.text.en).toBe(m.text.en);
        expect(said.split(MARK).length - 1, m.text.en).toBe(m.words ? rows(m.words) : -1);
      }
      show({ lang: XX, sim: t.sim, view: viewOf(t.sim) });
      for (const panel of [<PlanPanel key="plan" />, <ChannelPanel key="channel" />]) {
        const words = wordsOf(renderToStaticMarkup(panel));
        expect(words.length).toBeGreaterThanOrEqual(5);
        expect(unmarked(words)).toEqual([]);
      }
      return t;
    };
    const rejected = drive('migration-40')
      .start()
      .untilState('waiting_approval')
      .send({ type: 'REJECT', reason: 'back up the orders table first' });
    check(rejected.tick().untilState('waiting_approval'));
    // The approval resumes from its checkpoint; a restart reads the newest again, each as a
    // reload reads it from the disk (JSON: new objects, the plan's answers and remaining steps).
    const disk = (t: ReturnType<typeof drive>) => JSON.parse(JSON.stringify(t.sim.newest)) as Checkpoint;
    check(rejected.send({ type: 'APPROVE', from: disk(rejected) }));
    check(rejected.send({ type: 'FAIL_NOW', error: 'timeout' }, { type: 'FAIL_NOW', error: 'timeout' }));
    check(rejected.send({ type: 'CRASH' }, { type: 'RESTART', from: disk(rejected) }));
    const dynamic = check(drive('dynamic-plan').start().untilStep(6).send({ type: 'FAIL_NOW', error: 'conflict' }));
    check(dynamic.send({ type: 'CRASH' }, { type: 'RESTART', from: disk(dynamic) }));
    expect(versions).toBeGreaterThan(1);
    expect([...kinds].sort()).toEqual(['recovery-hint', 'rejection', 'reminder']);
  });
});
