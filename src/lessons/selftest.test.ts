import { inEvery } from '../i18n/all';
import { describe, expect, it } from 'vitest';
import { ARTICLE_SECTIONS, SELF_TEST, SELF_TEST_INTRO } from '.';
import { SELF_TEST_ANSWERS } from './selftestAnswers';
/** The source article, as the repository keeps it (src/lessons/__fixtures__/article.txt; docs/design/article-map.md). */
import ARTICLE from './__fixtures__/article.txt?raw';
/** The article's text without its bold markers (**…**), which the data carries as `emphasis`. */
const PLAIN = ARTICLE.replaceAll('**', '');

describe('the self-test (自测)', () => {
  it('has the article’s two questions, in its order', () => {
    expect(SELF_TEST.map((q) => q.id)).toEqual(['q1', 'q2']);
    const section = PLAIN.slice(PLAIN.indexOf('\n自测\n'));
    for (const q of SELF_TEST) expect(section).toContain(inEvery(q.question).zh);
    expect(section.indexOf(inEvery(SELF_TEST[0]!.question).zh)).toBeLessThan(
      section.indexOf(inEvery(SELF_TEST[1]!.question).zh),
    );
    expect(section).toContain(inEvery(SELF_TEST_INTRO).zh);
  });

  it('gives each model answer in zh verbatim from the article, a whole paragraph right after its question', () => {
    for (const q of SELF_TEST)
      expect(PLAIN).toContain(`${inEvery(q.question).zh}\n\n${inEvery(SELF_TEST_ANSWERS[q.id].answer).zh}\n`);
  });

  it('marks the article’s bold sentence, which is part of the answer in each language', () => {
    const q1 = SELF_TEST_ANSWERS.q1;
    expect(ARTICLE).toContain(`**${inEvery(q1.emphasis!).zh}**`);
    expect(inEvery(q1.answer).zh).toContain(inEvery(q1.emphasis!).zh);
    expect(inEvery(q1.answer).en).toContain(inEvery(q1.emphasis!).en);
  });

  it('has an English translation of every question and answer', () => {
    for (const q of SELF_TEST) {
      expect(inEvery(q.question).en).toMatch(/\?$/);
      const { answer } = SELF_TEST_ANSWERS[q.id];
      expect(inEvery(answer).en.length).toBeGreaterThan(inEvery(answer).zh.length);
      expect(inEvery(answer).en).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('the article the lessons cite', () => {
  it('has every section a caption may cite: each heading (and sub-heading) begins a line of it', () => {
    const lines = ARTICLE.split('\n').map((l: string) => l.trim());
    for (const section of ARTICLE_SECTIONS) {
      for (const part of section.split(' · '))
        expect(
          lines.some((l) => l.startsWith(part)),
          part,
        ).toBe(true);
    }
  });
});
