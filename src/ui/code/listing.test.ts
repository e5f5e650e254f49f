import { describe, expect, it } from 'vitest';
import article from '../../lessons/__fixtures__/article.txt?raw';
import { parseArticle } from '../article/parseArticle';
import { LISTING, SOURCE, lineOf } from './listing';
import { SIMPLE_LISTING, SIMPLE_SOURCE } from './simpleListing';

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

describe("the simple mode's sketch", () => {
  it('glosses every comment, and only comments', () => {
    for (const l of SIMPLE_LISTING) expect(l.gloss !== null, `line ${l.n}`).toBe(l.text.includes('#'));
  });

  it('has no ledger, retry or checkpoint code: the simple mode keeps none', () => {
    const code = SIMPLE_SOURCE.split('\n').map((l) => l.split('#')[0]);
    expect(code.join('\n')).not.toMatch(/checkpoint|record|retries/);
  });
});
