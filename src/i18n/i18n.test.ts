import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DESIGN_IDS, DESIGNS } from '../engine';
import { formatClock, formatDuration, formatInt, listOf, pickLang, said, translate } from '.';
import { DICTIONARIES } from './all';
import { content } from './en.content';
import { lessons } from './en.lessons';
import { notes } from './en.notes';
import { refusals } from './en.refusals';

/** Keys that are spacing, which a language may leave empty (Chinese sets no space after a label's colon). */
const SPACING = new Set(['label.gap', 'list.sep']);

describe('the dictionaries', () => {
  it('have the same keys in Chinese and English, none empty', () => {
    const zhKeys = Object.keys(DICTIONARIES.zh).sort();
    const enKeys = Object.keys(DICTIONARIES.en).sort();
    expect(zhKeys).toEqual(enKeys);
    for (const lang of ['zh', 'en'] as const) {
      for (const [key, text] of Object.entries(DICTIONARIES[lang]))
        if (!SPACING.has(key)) expect(text.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const key of Object.keys(DICTIONARIES.en) as (keyof typeof DICTIONARIES.en)[]) {
      const names = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(names(DICTIONARIES.zh[key] ?? ''), key).toEqual(names(DICTIONARIES.en[key] ?? ''));
    }
  });

  it("say each design in harness-core's words, taken from DESIGNS (spelled once, there)", () => {
    // engineWords builds these keys from DESIGNS: this holds the key's spelling (design.<id>.name)
    // to the one the page asks for, not the words, which have no second spelling to differ from.
    for (const id of DESIGN_IDS)
      for (const lang of ['zh', 'en'] as const) {
        expect(translate(lang, `design.${id}.name`)).toBe(DESIGNS[id].name[lang]);
        expect(translate(lang, `design.${id}.change`)).toBe(DESIGNS[id].change[lang]);
      }
  });

  it('join a list of words as each language does', () => {
    const parts = [said('challenge.goal.fuse'), said('challenge.goal.state', { state: 'completed' })];
    expect(translate('en', listOf(parts, 'list.semi'))).toBe('the fuse trips; end in completed');
    expect(translate('zh', listOf(parts, 'list.semi'))).toBe('熔断器跳闸；结束在 completed');
    expect(translate('en', listOf([], 'list.semi'))).toBe('—');
  });

  it('fill placeholders', () => {
    expect(translate('en', 'node.step', { n: 27, total: 40 })).toBe('step 27/40');
    expect(translate('zh', 'node.step', { n: 27, total: 40 })).toBe('第 27/40 步');
  });
});

describe('language choice', () => {
  it('takes ?lang= first, then the browser', () => {
    expect(pickLang('?lang=en', ['zh-CN'])).toBe('en');
    expect(pickLang('', ['zh-TW', 'en'])).toBe('zh');
    expect(pickLang('', ['fr-FR'])).toBe('en');
    expect(pickLang('?lang=xx', ['zh'])).toBe('zh');
  });
});

describe('time', () => {
  it('reads the virtual clock from 17:00 on day 1 (the migration starts late in the afternoon)', () => {
    expect(formatClock('en', 0)).toBe('Day 1 · 17:00');
    expect(formatClock('zh', 8 * 60 * 60_000)).toBe('第 2 天 · 01:00');
    expect(formatDuration('en', 80 * 60_000)).toBe('1h 20m');
  });
});

describe('every UI word in the page’s language (SPEC §13.4)', () => {
  /** Latin words the article itself writes in Chinese text; ids (a_b), event names (TICK) and units keep their spelling. */
  const ALLOWED = new Set([
    'Harness',
    'Sim',
    'Checkpoint',
    'token',
    'LangGraph',
    'IndexedDB',
    'JSON',
    'system-reminder',
    'English',
    'Web',
    'Locks',
    // Names the numbered messages quote as they are typed: settings, fields, formats, units.
    ...['remindAt', 'fuseAt', 'maxAttemptsPerStep', 'everyN', 'processTimeoutMs', 'pollMs', 'flakiness'],
    ...['heedReminder', 'guard', 'article', 'null', 'schema', 'format', 'id', 'checkpoint', 'run', 'MiB', 'N'],
    ...['resourceSpans', 'Claude', 'Code', 'user', 'assistant', 'lines', 'constructor', 'prototype'],
    // What a teacher running `npm run class` sees and types: the store a school's relays share, a host name.
    ...['Redis', 'localhost'],
  ]);
  const IDS =
    /^([a-z]+_[a-z_]+|[A-Z]{2,}|[a-z]+-[a-z0-9-]+|v|created|planning|running|completed|failed|cancelled|terminal)$/;
  const english = (s: string) =>
    (s.replace(/\{\w+\}/g, '').match(/[A-Za-z][A-Za-z_-]*/g) ?? []).filter((w) => !ALLOWED.has(w) && !IDS.test(w));

  /**
   * The lessons' teaching words quote the run as it is spelt (orders.csv, a tool's name) and the
   * English quotes the article's Chinese names: held by the lessons' own tests, not these.
   */
  const TEACHING = new Set(Object.keys({ ...lessons, ...notes, ...content }));
  /** A file's refusals quote its fields as a teacher types them (`{ day ≥ 1, from: "hh:mm" }`): errors.test.ts holds them. */
  const QUOTING = new Set(Object.keys(refusals));

  it('zh has no English word', () => {
    const bad = Object.entries(DICTIONARIES.zh)
      .filter(([k]) => k !== 'lang.tag' && !TEACHING.has(k) && !QUOTING.has(k))
      .flatMap(([k, v]) => english(v).map((w) => `${k}: ${w}`));
    expect(bad).toEqual([]);
  });

  it('zh says sizes and durations as Chinese does (SPEC §9: not 小 9 倍, not 3 分前)', () => {
    expect(translate('zh', 'cp.ratio', { x: 9 })).toBe('仅为全量的 1/9');
    expect(
      translate('zh', 'resume.title', {
        seq: 3,
        trigger: 'phase_switch',
        age: formatDuration('zh', 3 * 60_000),
        step: 5,
        state: '执行',
      }),
    ).toContain('3 分钟前');
  });

  it('en has no Chinese word (the switch to Chinese excepted)', () => {
    const bad = Object.entries(DICTIONARIES.en).filter(
      ([k, v]) => k !== 'app.lang' && !TEACHING.has(k) && /[\u3400-\u9fff]/.test(v),
    );
    expect(bad).toEqual([]);
  });
});

describe('formatInt', () => {
  const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  it('writes what Intl.NumberFormat (en-US, whole numbers) writes', () => {
    for (const n of [
      0,
      -0,
      7,
      999,
      1000,
      -1000,
      12_345,
      1_000_000,
      2.5,
      -2.5,
      0.49,
      1e20,
      1e21,
      1e23,
      NaN,
      Infinity,
      -Infinity,
    ])
      expect(formatInt(n), String(n)).toBe(intl.format(n));
    fc.assert(fc.property(fc.double({ noNaN: true }), (n) => formatInt(n) === intl.format(n)));
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => formatInt(n) === intl.format(n)));
  });
});

describe('a language is its dictionary and its id', () => {
  /**
   * Files of other packages of issue 42 that still branch on a language; each is listed in the
   * merge note with the line that replaces it. The list only shrinks.
   */
  const NOT_YET: string[] = [];

  it('no page code branches on a language (lang === "zh"): what differs is a word of the dictionary', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join, relative } = await import('node:path');
    const root = new URL('../..', import.meta.url).pathname;
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const p = join(dir, n);
        return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n) ? [p] : [];
      });
    const branching = files(join(root, 'src'))
      .filter((f) => /lang ?[!=]== ?'(zh|en)'/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(branching.sort()).toEqual(NOT_YET.filter((f) => branching.includes(f)).sort());
  });
});
