import { inEvery } from '../i18n/all';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DESIGN_IDS, STORY_IDS } from '../engine';
import { LESSONS } from '../lessons';
import { CHALLENGES } from '../challenges';
import { SHARE_KEYS, decodeShare as decodeWith, encodeShare, shareCatalog, shareUrl, type ShareState } from '.';

const CATALOG = shareCatalog(LESSONS, CHALLENGES);
const decodeShare = (q: string) => decodeWith(q, CATALOG);

const design = fc.constantFrom(...DESIGN_IDS);
const lessonAt = fc.constantFrom(...LESSONS).chain((l) =>
  fc.record({
    lesson: fc.constant(l.id),
    at: fc.option(fc.integer({ min: 1, max: l.stops.length }), { nil: undefined }),
  }),
);
const compare = fc.tuple(design, design).filter(([a, b]) => a !== b);

/** Any state a page can be in that a link should reproduce. */
const shareState: fc.Arbitrary<ShareState> = fc
  .record(
    {
      scenario: fc.constantFrom(
        'migration-40',
        'not-found',
        'enumerate',
        'script-5min',
        'dynamic-plan',
        'migration-120',
      ),
      seed: fc.integer({ min: 0, max: 2 ** 31 }),
      design,
      lang: fc.constantFrom('zh' as const, 'en' as const),
      challenge: fc.constantFrom(...CHALLENGES.map((c) => c.id)),
      lessonAt,
      compareView: fc.record({ compare, script: fc.option(fc.constantFrom(...STORY_IDS), { nil: undefined }) }),
    },
    { requiredKeys: [] },
  )
  .map(({ lessonAt: la, compareView: cv, ...rest }) => {
    const s: ShareState = { ...rest };
    if (la) {
      s.lesson = la.lesson;
      if (la.at !== undefined) s.at = la.at;
    }
    if (cv) {
      s.compare = cv.compare;
      if (cv.script !== undefined) s.script = cv.script;
    }
    return s;
  });

describe('share links', () => {
  it('round-trip: decoding an encoded state gives it back, nothing dropped (property)', () => {
    fc.assert(
      fc.property(shareState, (s) => {
        expect(decodeShare(encodeShare(s))).toEqual({ state: s, dropped: [] });
        expect(decodeShare(new URL(shareUrl('https://class.example/sim/?present=1#x', s)).search)).toEqual({
          state: s,
          dropped: [],
        });
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on any input, Chinese and broken text included, and keeps only valid values (property)', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.constantFrom('迁移', '%E4%B8', '%', '1e3', '-1', ' 1', 'article,article', '第27步'),
    );
    const pairs = fc.array(fc.tuple(fc.constantFrom(...SHARE_KEYS, 'run', 'present'), text), { maxLength: 12 });
    fc.assert(
      fc.property(pairs, (kv) => {
        const query = kv.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
        const { state, dropped } = decodeShare(query);
        // What survives re-encodes to itself: it is valid.
        expect(decodeShare(encodeShare(state))).toEqual({ state, dropped: [] });
        for (const d of dropped) expect(inEvery(d.reason).en.length && inEvery(d.reason).zh.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
    expect(() => decodeShare('%E4%B8=%&seed=%ZZ')).not.toThrow();
  });

  it('is compact: the whole screen in a short query', () => {
    const q = encodeShare({
      scenario: 'migration-40',
      seed: 7,
      design: 'no-refs',
      lesson: 'three-endings',
      at: 12,
      lang: 'zh',
    });
    expect(q).toBe('scenario=migration-40&seed=7&design=no-refs&lesson=three-endings&at=12&lang=zh');
    expect(encodeShare({ compare: ['article', 'no-checkpoint'], script: 'opening-story' })).toBe(
      'compare=article%2Cno-checkpoint&script=opening-story',
    );
  });

  it.each([
    ['scenario=nowhere', 'scenario', /no such scenario/],
    ['seed=1.5', 'seed', /whole number/],
    ['seed=-3', 'seed', /whole number/],
    // Number() reads it as 1e20, which no reader of a run's records accepts (the security review's probe).
    ['seed=99999999999999999999', 'seed', /2\^53/],
    ['design=fastest', 'design', /no such design/],
    ['lesson=迁移课', 'lesson', /no such lesson/],
    ['at=3', 'at', /needs a lesson/],
    ['lesson=fuse&at=99', 'at', /not a stop/],
    ['lang=fr', 'lang', /the languages are zh, en/],
    ['compare=article,article', 'compare', /two different designs/],
    ['script=opening-story', 'script', /compare view/],
    ['compare=article,no-fuse&script=bedtime', 'script', /scripts are/],
    ['challenge=win', 'challenge', /no such challenge/],
  ])('drops %s with a reason', (q, key, reason) => {
    const { state, dropped } = decodeShare(q);
    expect(dropped.map((d) => d.key)).toEqual([key]);
    expect(inEvery(dropped[0]!.reason).en).toMatch(reason);
    expect(state).not.toHaveProperty(key);
  });
});

describe('share links without a catalog (the first screen, before lessons load)', () => {
  it('checks lesson and challenge ids by shape only, and still drops what cannot be an id', () => {
    expect(decodeWith('lesson=some-lesson&at=3&challenge=any-one')).toEqual({
      state: { lesson: 'some-lesson', at: 3, challenge: 'any-one' },
      dropped: [],
    });
    const { state, dropped } = decodeWith('lesson=迁移课&challenge=A%20B');
    expect(state).toEqual({});
    expect(dropped.map((d) => d.key)).toEqual(['lesson', 'challenge']);
  });
});
