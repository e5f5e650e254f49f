import { describe, expect, it } from 'vitest';
import { CLASS_ERRORS } from '../../class/protocol';
import { liveClass as en } from '../../i18n/en.class';
import { liveClass as zh } from '../../i18n/zh.class';
import { classErrorWords } from './words';

describe('the relay’s refusals on the projector', () => {
  it('every CLASS_ERRORS code is a sentence in both languages, never the raw code', () => {
    for (const code of CLASS_ERRORS) {
      const key = classErrorWords(code);
      for (const [lang, dict] of [
        ['en', en],
        ['zh', zh],
      ] as const) {
        const sentence = (dict as Record<string, string>)[key];
        expect(sentence, `${lang} ${key}`).toBeTruthy();
        // No raw code (`rate_limited`, `no_class`…); zh has none of the code's English at all.
        expect(sentence, `${lang} ${key}`).not.toMatch(/_/);
        if (lang === 'zh') expect(sentence, key).not.toContain(code);
        expect(sentence, `${lang} ${key}`).toMatch(/[.。]$/);
      }
      expect((zh as Record<string, string>)[key]).not.toBe((en as Record<string, string>)[key]);
    }
  });

  it('puts the sentence after "The relay said no:", not the code', () => {
    expect(en['class.refused']).toContain('{reason}');
    expect(zh['class.refused']).toContain('{reason}');
    expect(en['class.refused']).not.toContain('{error}');
  });
});
