import { describe, expect, it } from 'vitest';
import { decodeShare } from '../share';
import { badSeedNotice, replacedNotice } from './address';

/** What the address asked for and did not get is said in the page's language (dictionary rows address.*). */
describe('address notices', () => {
  it('say a seed the page cannot take, in each language', () => {
    expect(badSeedNotice('x1', 'en').text).toBe(
      'The URL\'s seed "x1" is not a whole number from 0 to 2^53 − 1: this run uses seed 1.',
    );
    expect(badSeedNotice('x1', 'zh').text).toBe('网址里的种子 "x1" 不是 0 到 2^53 − 1 之间的整数：这次运行用种子 1。');
  });

  it('say what replaced a scenario and a design the page has not got, in one sentence', () => {
    const used = { scenario: 'migration-40', design: 'article' };
    const both = decodeShare('scenario=nope&design=evil').dropped;
    expect(replacedNotice(both, used, 'en')?.text).toBe(
      'The URL\'s scenario "nope" does not exist: this run uses migration-40; the URL\'s design "evil" does not exist: this run uses article.',
    );
    expect(replacedNotice(both, used, 'zh')?.text).toBe(
      '网址里的场景 "nope" 不存在，换成了 migration-40；网址里的设计 "evil" 不存在，换成了 article。',
    );
    expect(replacedNotice(decodeShare('design=evil').dropped, used, 'zh')?.text).toBe(
      '网址里的设计 "evil" 不存在，换成了 article。',
    );
    expect(replacedNotice(decodeShare('scenario=migration-40').dropped, used, 'en')).toBeNull();
  });
});
