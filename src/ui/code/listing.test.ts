import { describe, expect, it } from 'vitest';
import article from '../../lessons/__fixtures__/article.txt?raw';
import { parseArticle } from '../article/parseArticle';
import { LISTING, SOURCE, lineOf } from './listing';

describe("the article's listing", () => {
  it('is the article’s pseudo-code block, character for character', () => {
    const pre = parseArticle(article).filter((b) => b.kind === 'pre');
    expect(pre).toHaveLength(1);
    expect(SOURCE).toBe(pre[0]!.text);
  });

  it('numbers its lines from step_loop’s def, through checkpoint’s, the blank line counted', () => {
    expect(LISTING[0]).toMatchObject({ n: 1, text: 'def step_loop(task):' });
    expect(lineOf('def checkpoint(task):')).toBe(34);
    expect(LISTING.at(-1)?.n).toBe(39);
    expect(LISTING[32]?.text).toBe('');
  });

  it('glosses every comment, and only comments', () => {
    for (const l of LISTING) expect(l.gloss !== null, `line ${l.n}`).toBe(l.text.includes('#'));
  });
});
