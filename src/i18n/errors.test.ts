import { describe, expect, it } from 'vitest';
import { errorText } from '../engine';
import { ENGINE_WHY, why } from '../engine/why';
// eslint-disable-next-line no-restricted-imports -- the store writes these texts; this test reads them as it does
import { storageError } from '../persistence/errors';
import { traceError, why as traceWhy } from '../traces/errors';
import { localizeError, translate, type MessageKey } from '.';
import { DICTIONARIES } from './all';
import { PART_MESSAGES, errors as EN_ERRORS, part } from './en.errors';

/** Every numbered message, in the language of the page (issue 42: the Chinese page showed English). */
describe('numbered messages in the page’s language', () => {
  // The numbered rows (the `lost.*` phrases are parts of E502 and E508, tested there).
  const codes = Object.keys(EN_ERRORS)
    .map((k) => k.slice('err.'.length))
    .filter((c) => /^E\d{3}$/.test(c));

  it('holds every number of the engine, the stores, storage and traces in both dictionaries', () => {
    for (const family of ['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'E7'])
      expect(codes.some((c) => c.startsWith(family))).toBe(true);
    for (const code of codes) {
      expect(DICTIONARIES.en[`err.${code}` as keyof typeof EN_ERRORS], code).toBeTruthy();
      expect(DICTIONARIES.zh[`err.${code}` as keyof typeof EN_ERRORS], code).toMatch(/[\u3400-\u9fff]/);
    }
  });

  it('holds every lesson-file (L1xx) and challenge-file (H1xx) refusal in both, the Chinese in Chinese', () => {
    const rows = Object.keys(DICTIONARIES.en).filter((k) => /^err\.[LH]1\d\d/.test(k)) as MessageKey[];
    expect(rows.length).toBeGreaterThan(70);
    // A row that only passes on the engine's own message (`{why}`) has no words of its own.
    for (const key of rows) expect(DICTIONARIES.zh[key], key).toMatch(/[\u3400-\u9fff]|^\{why\}$/);
  });

  it('reads the parts back out of every English row and fills the Chinese one (and English is unchanged)', () => {
    for (const code of codes) {
      const key = `err.${code}` as keyof typeof EN_ERRORS;
      const n = (EN_ERRORS[key].match(/\{\d+\}/g) ?? []).length;
      const parts = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, `«part ${i}»`]));
      const english = `${code}: ${translate('en', key, parts)}`;
      expect(localizeError(english, 'en'), code).toBe(english);
      expect(localizeError(english, 'zh'), code).toBe(`${code}: ${translate('zh', key, parts)}`);
    }
  });

  it('says a storage error as the store writes it, a number inside a number included', () => {
    const text = storageError('E504', 3, storageError('E502', 'QuotaExceededError', 'the quota has been exceeded'));
    expect(text).toBe(
      'E504: Checkpoint #3 was not saved: E502: Storage is full (QuotaExceededError): the quota has been exceeded. Deleting finished runs makes room.',
    );
    expect(localizeError(text, 'zh')).toBe(
      'E504: 检查点 #3 没有保存：E502: 存储已满（QuotaExceededError）：the quota has been exceeded。删除已结束的运行可以腾出空间。',
    );
    // What the write lost is said too, and a store's refusal (harness-core's class first) by the page's own number.
    const full = `E705: ${storageError('E502', 'QuotaExceededError', 'checkpoint #2 was not saved')}`;
    expect(localizeError(full, 'zh')).toBe(
      'E502: 存储已满（QuotaExceededError）：检查点 #2 没有保存。删除已结束的运行可以腾出空间。',
    );
    // So is why a record was refused.
    expect(localizeError(storageError('E504', 3, PART_MESSAGES['why.tooBig'].replace('%s', '1,100,000')), 'zh')).toBe(
      'E504: 检查点 #3 没有保存：它有 1,100,000 字节，上限是 1 MiB',
    );
    // Why a stored chunk or a run file was refused, too.
    expect(localizeError(storageError('E515', 4, 'ledger', 'ab12', part('why.chunkRows', 16, 64)), 'zh')).toBe(
      'E515: 检查点 #4 读不出一个 ledger 块（ab12）：它有 16 行，而不是 64 行',
    );
    expect(localizeError(storageError('E602', part('why.notText')), 'zh')).toBe('E602: 这个文件不是 JSON：它不是文本');
    // The Chinese row may put the parts in its own order.
    expect(localizeError(storageError('E503', 4, 'run-1', 7), 'zh')).toBe(
      'E503: 运行 run-1 的检查点 #4 并不比已存的最新一个（#7）新：保留较新的那个。',
    );
  });

  it('says the engine’s and the trace reader’s messages too, and leaves any other text as it is', () => {
    expect(localizeError(errorText('E301', 'nope'), 'zh')).toBe('E301: 未知场景 "nope"。');
    const refusal = traceError('E646', 'spans.0', 'NaN', 'not finite');
    expect(localizeError(refusal.en, 'zh')).toBe(refusal.zh);
    expect(refusal.zh).toBe('E646: 字段 spans.0：NaN 不是本页接受的数字（not finite）。');
    // The reader's own reasons are said in Chinese too (they were English inside the Chinese row).
    expect(traceError('E646', 'spans.0', 'NaN', traceWhy('why.notFinite')).zh).toBe(
      'E646: 字段 spans.0：NaN 不是本页接受的数字（它不是有限的数）。',
    );
    for (const other of ['BroadcastChannel is unavailable.', 'E999: no such row', 'E504 without its colon'])
      expect(localizeError(other, 'zh')).toBe(other);
  });
});

describe('why the engine refused a person’s edit or a checkpoint’s tool (E401, E205)', () => {
  it('each reason is a row of both dictionaries, the Chinese in Chinese', () => {
    for (const key of Object.keys(ENGINE_WHY))
      expect(DICTIONARIES.zh[`err.${key}` as MessageKey], key).toMatch(/[\u3400-\u9fff]/);
  });

  it('is said in Chinese on the Chinese page, its numbers kept (the takeover refusals were English there)', () => {
    expect(localizeError(errorText('E401', why('why.runCompleted')), 'zh')).toBe(
      `E401: ${translate('zh', 'err.E401', { 0: '这次运行已经完成' })}`,
    );
    const range = errorText('E401', why('why.stepRange', 3, 40));
    expect(localizeError(range, 'zh')).toContain('只能选还没做的步骤，从 3 到 40');
    expect(localizeError(range, 'en')).toBe(range);
    expect(localizeError(errorText('E205', why('why.unknownTool', '"rm"')), 'zh')).toContain(
      '有一步用了工具 "rm"，本模拟器没有这个工具',
    );
    // Every reason reads back whole, whatever its parts.
    for (const key of Object.keys(ENGINE_WHY) as (keyof typeof ENGINE_WHY)[]) {
      const said = localizeError(errorText('E401', why(key, 7, 9)), 'zh');
      expect(said, key).not.toMatch(/[a-z]{4,} [a-z]{4,}/);
    }
  });
});

describe('a dictionary chunk', () => {
  it('imports no module of the page (the page awaits its words before it runs: such an import hangs it)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('.', import.meta.url);
    const chunks = readdirSync(dir).filter((f) => /^(en|zh)(\.\w+)?\.ts$/.test(f) && !f.includes('.test.'));
    expect(chunks.length).toBeGreaterThan(10);
    for (const file of chunks.filter((f) => f !== 'en.errors.ts')) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const values = [...text.matchAll(/^import (?!type )[^;]*from '([^']+)'/gm)].map((m) => m[1]);
      // en.errors.ts is the page's (it imports harness-core's rows): English numbered rows are not in a chunk.
      const page = (p = '') => !/^\.\/(en|zh)\.\w+$/.test(p) || p === './en.errors';
      expect(values.filter(page), file).toEqual([]);
    }
  });
});
