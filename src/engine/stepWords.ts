import type { Bilingual, MessageWords, Step, TaskContext } from 'harness-core/sim';
import type { Said, StepKey, Words } from '../i18n/words';

export type { StepKey };

/**
 * A step's title as words (issue 42). harness-core keeps a step's title as `{ zh, en }` text:
 * it is what the model reads in a hint (the token meter counts its English), what a harness
 * author's steps hold, and what a dynamic plan's checkpoint stores. The page says a title
 * through its dictionaries instead, so a third language says it too: every title the simulator
 * writes is made here from a dictionary key (`step.*`), its zh and en rows written once, here,
 * and the page's zh and en dictionaries take these rows in (i18n/index.ts, all.ts). A third
 * language lists the `step.*` keys in its own file.
 */

/** The zh and en rows of every step title, by key (templates: `{name}` takes a param). */
const ROWS = new Map<StepKey, Bilingual>();
/**
 * The words a title object was made from, which the page says (titleSaid): a property no copy
 * keeps (not enumerable, a symbol: JSON, structured clone and a checkpoint's schema skip it), so
 * stored text is as before. Not a WeakMap: 100,000 entries of one (a stretched migration's
 * titles) cost the garbage collector more than building the plan.
 */
const SAID = Symbol('said');
type Made = Bilingual & { readonly [SAID]?: Said };

/** Records `key`'s rows; the same key twice must say the same (rows shared by scenarios). */
export function stepRow(key: StepKey, rows: Bilingual): StepKey {
  const had = ROWS.get(key);
  if (had && (had.zh !== rows.zh || had.en !== rows.en)) throw new Error(`step title ${key} said two ways`);
  ROWS.set(key, rows);
  return key;
}

/** Each row split at its placeholders (odd places: names), once: a 99,999-step plan fills 200,000. */
const PIECES = new Map<string, string[]>();
function piecesOf(row: string): string[] {
  let pieces = PIECES.get(row);
  if (!pieces) PIECES.set(row, (pieces = row.split(/\{(\w+)\}/)));
  return pieces;
}

function fill(lang: keyof Bilingual, said: Said): string {
  const key = typeof said === 'string' ? said : said.key;
  const row = ROWS.get(key as StepKey)?.[lang] ?? key;
  if (typeof said === 'string') return row;
  const pieces = piecesOf(row);
  let text = pieces[0] ?? '';
  for (let i = 1; i < pieces.length; i += 2) {
    const name = pieces[i] as string;
    const p = said.params[name];
    text +=
      p === undefined ? `{${name}}` : typeof p === 'object' && !Array.isArray(p) ? fill(lang, p as Words) : String(p);
    text += pieces[i + 1] ?? '';
  }
  return text;
}

/** One title object a key alone makes, shared by the steps that say it. */
const PLAIN = new Map<string, Bilingual>();

/** The `{ zh, en }` title harness-core keeps, made from `said` (a `step.*` key, or one with params). */
export function titleOf(said: Said): Bilingual {
  const shared = typeof said === 'string' ? PLAIN.get(said) : undefined;
  if (shared) return shared;
  const title = { zh: fill('zh', said), en: fill('en', said) };
  Object.defineProperty(title, SAID, { value: said });
  if (typeof said === 'string') PLAIN.set(said, title);
  return title;
}

/** The words a title was made from, or undefined for one the simulator did not write (a trace's, an old run's). */
export const titleSaid = (title: Bilingual): Said | undefined => (title as Made)[SAID];

/** Every step title's row in `lang`, for the zh and en dictionaries. */
export const stepRows = (lang: keyof Bilingual): Record<StepKey, string> =>
  Object.fromEntries([...ROWS].map(([key, rows]) => [key, rows[lang]]));

/** Where a step stands in the plans the simulator writes: all but its title and number. */
const shapeOf = (s: Omit<Step, 'n'>) =>
  JSON.stringify([s.phase, s.tool, s.effect, s.args, s.produces ?? '', s.renames ?? '']);

/**
 * `ctx` with each step title the simulator wrote given back its words. A restored dynamic
 * plan's remaining steps and any plan's rejection answers come from a checkpoint's JSON: new
 * objects of the same text, which the page would say in zh or en only. A step is given the
 * title of a `known` step of the same place (the scenario's steps and added ones), or the one
 * `rebuild` makes again from its args (a rejection's backup step); only when the text is the
 * same. The channel rebuilt from them says the same titles.
 */
export function relinkTitles(
  ctx: TaskContext,
  known: readonly Omit<Step, 'n'>[],
  rebuild: (step: Step) => Bilingual | undefined,
): TaskContext {
  // Built at the first step that lost its words: a plan read from the scenario keeps them all,
  // and a stretched migration's 99,999 shapes would cost every resume its time.
  let byShape: Map<string, Bilingual> | undefined;
  const swapped = new Map<Bilingual, Bilingual>();
  const steps = ctx.plan.steps.map((s) => {
    if (titleSaid(s.title)) return s;
    byShape ??= new Map(known.map((k) => [shapeOf(k), k.title]));
    const title = byShape.get(shapeOf(s)) ?? rebuild(s);
    if (!title || title.zh !== s.title.zh || title.en !== s.title.en) return s;
    swapped.set(s.title, title);
    return { ...s, title };
  });
  if (swapped.size === 0) return ctx;
  const relinked = (w: MessageWords): MessageWords => ({
    key: w.key,
    params: Object.fromEntries(
      Object.entries(w.params).map(([k, p]) => [
        k,
        typeof p !== 'object' ? p : 'key' in p ? relinked(p) : (swapped.get(p) ?? p),
      ]),
    ),
  });
  const channel = ctx.channel.map((m) => (m.words ? { ...m, words: relinked(m.words) } : m));
  return { ...ctx, plan: { ...ctx.plan, steps }, channel };
}
