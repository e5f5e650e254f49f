import { describe, expect, it } from 'vitest';
import article from '../../lessons/__fixtures__/article.txt?raw';
import { ARTICLE_SECTIONS } from '../../lessons';
import { findSection, parseArticle } from './parseArticle';

const blocks = parseArticle(article);
const texts = (kind: string) => blocks.filter((b) => b.kind === kind).map((b) => ('text' in b ? b.text : ''));

describe('the article as the page shows it', () => {
  it('has its title and its section headings as headings, in the article order', () => {
    expect(texts('h1')).toEqual(['状态机与 Checkpoint：中断恢复与死循环防护']);
    expect(texts('h2')).toEqual([
      '先从三种「从头再来」说起',
      '渐进拆解',
      '八状态与转移',
      'Checkpoint 存什么',
      '其余技术定义：',
      '动手：转移、存档与熔断',
      '边界与取舍：存档不是越密越好',
      '坏味道预警',
      '自测',
      '参考与延伸',
    ]);
    expect(texts('h3')).toEqual(['简单任务不需要八状态', 'Checkpoint 的密度是个折中', '熔断会误伤正当的绕路']);
  });

  it('keeps the pseudo-code whole, as one block with its indentation and its blank line', () => {
    const pre = texts('pre');
    expect(pre).toHaveLength(1);
    expect(pre[0]).toMatch(/^def step_loop\(task\):\n {4}while/);
    expect(pre[0]).toContain('\n\ndef checkpoint(task):');
    expect(pre[0]).toMatch(/plan=task\.plan\)[^\n]*$/);
  });

  it('draws the glossary as a table of three columns', () => {
    const table = blocks.find((b) => b.kind === 'table');
    expect(table && 'rows' in table && table.rows.map((r) => r.length)).toEqual([3, 3, 3, 3, 3, 3]);
  });

  it('loses no line of the text', () => {
    const shown = blocks.map((b) => ('rows' in b ? b.rows.map((r) => r.join('\t')).join('\n') : b.text)).join('\n');
    for (const line of article.split('\n').filter((l) => l.trim())) expect(shown).toContain(line.trim());
  });

  it.each(ARTICLE_SECTIONS)('finds the heading of every section a lesson cites: %s', (section) => {
    const { heading, part } = findSection(blocks, section);
    expect(blocks[heading]?.kind).toBe('h2');
    if (section.includes(' · ')) expect(part).toBeGreaterThan(heading);
    else expect(part).toBe(-1);
  });
});
