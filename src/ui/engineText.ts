import { titleSaid, type Bilingual, type ContextMessage, type Lang, type MessageWords } from '../engine';
import { said, translate, type Words } from '../i18n';

/**
 * What the engine wrote, said in the page's language through the dictionaries (issue 42): a
 * step's title and a context message keep the words they were made from (engine/stepWords.ts,
 * harness-core's `ContextMessage.words`), so a third language says them from its own file.
 * Text nobody wrote in words (a trace's step, a harness's own hint) is shown as it is: in the
 * page's language when it has it, else in English.
 */

/**
 * `b` in `lang`, or its English when it has no text in `lang` (a third language, before the
 * file that wrote `b` says it: a challenge file's title, a trace's step).
 */
export const own = (b: Bilingual, lang: Lang): string => (lang in b ? b[lang] : b.en);

/** A step title in `lang`, and whether it is the page's own words (else: text from outside). */
export function titleText(lang: Lang, title: Bilingual): { text: string; ours: boolean } {
  const said = titleSaid(title);
  return said ? { text: translate(lang, said), ours: true } : { text: own(title, lang), ours: false };
}

/** A message's words as the dictionaries take them: each title said in its own words. */
function toSaid(w: MessageWords, lang: Lang): Words {
  const params = Object.entries(w.params).map(([k, p]) => {
    if (typeof p !== 'object') return [k, p];
    if ('key' in p) return [k, toSaid(p, lang)];
    const title = titleSaid(p);
    // A key alone as a param would be shown as it is: words are a key with params.
    return [k, title ? said(title) : own(p, lang)];
  });
  return { key: w.key, params: Object.fromEntries(params) as Words['params'] };
}

/** What a context message says, in `lang`. */
export function messageText(lang: Lang, m: ContextMessage): string {
  return m.words ? translate(lang, toSaid(m.words, lang)) : own(m.text, lang);
}
