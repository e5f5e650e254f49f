import * as v from 'valibot';
import { inert, isObject } from '../engine';
import { LANGS } from '../i18n/langs';
import { hasWord, said, type MessageKey, type Params, type Words } from '../i18n/words';

/**
 * A refused input, for the teacher who wrote it: a number to look up, the field at fault (a
 * path such as `stops[3].caption`) and what is wrong, as words the page says in its language
 * (`L125 stops[2].shows.ended: not an end reason: lunch`).
 */
export interface Problem {
  code: string;
  field: string;
  message: Words;
}

/** A numbered refusal's row (i18n/en.refusals.ts): `err.<code>`, or `err.<code>.<which>`. */
export type RefusalKey = Extract<MessageKey, `err.L${string}` | `err.H${string}`>;

/** `field` may hold the writer's own key names: it is shown `inert` (no bidi control acts). */
export const problem = (key: RefusalKey, field: string, params: Params = {}): Problem => {
  const code = key.split('.')[1] ?? key;
  const f = inert(field);
  return { code, field: f, message: said('err.refused', { code, field: f, why: said(key, params) }) };
};

/** How a run may end: harness-core's one list. */
export { END_REASONS } from '../engine';

/** Text a reader sees: not empty, not only spaces. */
export const TEXT = v.pipe(
  v.string(),
  v.check((s) => s.trim() !== ''),
);
/**
 * Words kept in the dictionaries (`i18n/<lang>.lessons.ts`): a key that every language has. A
 * lesson holds the key, each dictionary its text, so a new language is one more dictionary.
 */
export const WORDS = v.custom<MessageKey>((k) => typeof k === 'string' && LANGS.every((l) => hasWord(l, k)));
/** `{ zh, en }`, both non-empty, and nothing else (a challenge file's own words). */
export const BILINGUAL = v.strictObject({ zh: TEXT, en: TEXT });

/**
 * A numbered refusal: its row, whose `{value}` is the value at its field, and `vars` for any
 * other part the row names (`{story}` of the beat move beside it, the list of `{ends}`).
 */
export type Refusal =
  RefusalKey | { key: RefusalKey; vars: (value: unknown, parent: Record<string, unknown>) => Params };

/**
 * Where each numbered refusal applies, by path pattern (`stops[].move.state`; '' is the whole
 * input): `at` for a value that is wrong (the deepest pattern on the issue's path wins, so a
 * missing `title.en` is the title's refusal; `root` when none does), `unknownKey` for a key the object does not have (by
 * the object's pattern, or the key's own for one refused with its own words).
 */
export interface Refusals {
  /** The whole input is not what it must be (not an object), named `rootField` (`lesson`). */
  root: Refusal;
  rootField: string;
  at: Readonly<Record<string, Refusal>>;
  unknownKey: Readonly<Record<string, Refusal>>;
  /** Refusals a cross-field check names by code (its message), where the path alone cannot tell. */
  byCode?: Readonly<Record<string, Refusal>>;
  /** How a value is written into the words (`String`; a challenge file quotes it as JSON). */
  show: (value: unknown) => string;
}

type PathItem = NonNullable<v.BaseIssue<unknown>['path']>[number];

/** An issue's path as the refusals name it, `stops[2].move`; as a `pattern`, `stops[].move`. */
const pathOf = (items: readonly PathItem[], pattern = false) =>
  items
    .map((p) => (typeof p.key !== 'number' ? `.${String(p.key)}` : pattern ? '[]' : `[${p.key}]`))
    .join('')
    .replace(/^\./, '');

/** A check's result as the `why` its refusal's words fill in ('' when it passed). */
export const whyOf = (result: { ok: true } | { ok: false; error: string }) => ({ why: result.ok ? '' : result.error });

/**
 * The first issue valibot found, as the numbered problem the refusals name for it: the code
 * and the field are the ones the hand-written validators gave (their tests hold them).
 */
function refused(r: Refusal, value: unknown, parent: Record<string, unknown>, field: string, show: Refusals['show']) {
  if (typeof r === 'string') return problem(r, field, { value: show(value) });
  return problem(r.key, field, { value: show(value), ...r.vars(value, parent) });
}

function problemOf(issue: v.BaseIssue<unknown>, root: unknown, refusals: Refusals): Problem {
  const path = issue.path ?? [];
  const last = path[path.length - 1];
  const at = (r: Refusal, depth: number, field: string) => {
    const item = path[depth - 1];
    const value = depth === 0 ? root : item?.value;
    const parent = (item?.input ?? {}) as Record<string, unknown>;
    return refused(r, value, parent, field, refusals.show);
  };
  const named = refusals.byCode?.[issue.message];
  if (named) return at(named, path.length, pathOf(path));
  if (last?.origin === 'key' && issue.expected === 'never') {
    const r = refusals.unknownKey[pathOf(path, true)] ?? refusals.unknownKey[pathOf(path.slice(0, -1), true)];
    if (r) return at(r, path.length, pathOf(path));
  }
  for (let depth = path.length; depth > 0; depth--) {
    const r = refusals.at[pathOf(path.slice(0, depth), true)];
    if (r) return at(r, depth, pathOf(path.slice(0, depth)));
  }
  return at(refusals.root, 0, refusals.rootField);
}

/**
 * `input` read through `schema` (an object schema), or the first problem, numbered by
 * `refusals`. A list is not an object here, though valibot's object schemas would take one.
 */
export function check<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  refusals: Refusals,
): { ok: true; value: v.InferOutput<S> } | { ok: false; error: Problem } {
  if (!isObject(input)) {
    return { ok: false, error: refused(refusals.root, input, {}, refusals.rootField, refusals.show) };
  }
  const r = v.safeParse(schema, input, { abortEarly: true });
  return r.success ? { ok: true, value: r.output } : { ok: false, error: problemOf(r.issues[0], input, refusals) };
}
