import {
  parseSeed,
  quote,
  STORY_IDS,
  findScenario,
  isDesignId,
  isStoryId,
  type DesignId,
  type Lang,
  type StoryId,
} from '../engine';
import { isLang, LANGS } from '../i18n/langs';
import { said, type MessageKey, type Params, type Words } from '../i18n/words';

/**
 * Share links: what reproduces the screen, as the page's own URL parameters (the same names the
 * page reads on load, so a share link is just a link), plain URLSearchParams: UTF-8 percent
 * encoding is safe for any text, Chinese included, where btoa would throw outside Latin-1.
 * Decoding never throws: a value that is unknown or malformed is dropped with the reason.
 */
export interface ShareState {
  scenario?: string;
  seed?: number;
  design?: DesignId;
  lesson?: string;
  /** The lesson's stop, 1-based (ui-contract `&at=<n>`). */
  at?: number;
  lang?: Lang;
  /** The compare view's two designs, and the script it plays. */
  compare?: readonly [DesignId, DesignId];
  script?: StoryId;
  challenge?: string;
  /** The run's config and commands, packed (replay.ts): the link opens at the same moment. */
  replay?: string;
}

/** The parameters, in the order a link writes them. */
export const SHARE_KEYS = [
  'scenario',
  'seed',
  'design',
  'lesson',
  'at',
  'lang',
  'compare',
  'script',
  'challenge',
  'replay',
] as const satisfies readonly (keyof ShareState)[];
/** Every field of ShareState has its parameter: a field left out of SHARE_KEYS fails to compile here. */
const EVERY_FIELD: Exclude<keyof ShareState, (typeof SHARE_KEYS)[number]> extends never ? true : never = true;
void EVERY_FIELD;

interface Dropped {
  key: string;
  value: string;
  reason: Words;
}

export interface Decoded {
  state: ShareState;
  dropped: Dropped[];
}

/** The query string (without "?") for `state`; absent fields are left out. */
export function encodeShare(state: ShareState): string {
  const p = new URLSearchParams();
  for (const k of SHARE_KEYS) {
    const v = k === 'compare' ? state.compare?.join(',') : state[k];
    if (v !== undefined) p.set(k, String(v));
  }
  return p.toString();
}

/** A full link: `base` (the page's address; its own query and hash are replaced) with `state`. */
export function shareUrl(base: string, state: ShareState): string {
  const url = new URL(base);
  url.search = encodeShare(state);
  url.hash = '';
  return url.toString();
}

const WHOLE = /^\d{1,15}$/;
const ID = /^[a-z0-9-]{1,40}$/;
const REPLAY = /^[A-Za-z0-9_-]{1,8000}$/;

/**
 * The lessons and challenges a link may name. Passed in rather than imported, so reading a link
 * on the first screen does not load every lesson: without it, ids are checked for shape only
 * (the lesson view checks the id again when it has loaded).
 */
interface ShareCatalog {
  /** The number of stops of the lesson, or undefined when there is no such lesson. */
  lessonStops(id: string): number | undefined;
  hasChallenge(id: string): boolean;
}

/** A catalog of these lessons and challenges. */
export function shareCatalog(
  lessons: readonly { id: string; stops: readonly unknown[] }[],
  challenges: readonly { id: string }[],
): ShareCatalog {
  return {
    lessonStops: (id) => lessons.find((l) => l.id === id)?.stops.length,
    hasChallenge: (id) => challenges.some((c) => c.id === id),
  };
}

/** Reads the share parameters of an address; other parameters are not ours and are left alone. */
export function decodeShare(search: string | URLSearchParams, catalog?: ShareCatalog): Decoded {
  const p = typeof search === 'string' ? new URLSearchParams(search) : search;
  const state: ShareState = {};
  const dropped: Dropped[] = [];
  const drop = (key: string, value: string, why: MessageKey, params: Params = {}) =>
    dropped.push({ key, value, reason: said('share.dropped', { key, value, why: said(why, params) }) });
  const get = (k: string) => p.get(k);

  const scenario = get('scenario');
  if (scenario !== null) {
    if (findScenario(scenario)) state.scenario = scenario;
    else drop('scenario', scenario, 'share.why.scenario');
  }
  const seed = get('seed');
  if (seed !== null) {
    const n = parseSeed(seed);
    if (n !== null) state.seed = n;
    else drop('seed', seed, 'share.why.seed');
  }
  const design = get('design');
  if (design !== null) {
    if (isDesignId(design)) state.design = design;
    else drop('design', design, 'share.why.design');
  }
  const lesson = get('lesson');
  const stops = lesson === null || !ID.test(lesson) ? undefined : catalog ? catalog.lessonStops(lesson) : 999;
  if (lesson !== null) {
    if (stops !== undefined) state.lesson = lesson;
    else drop('lesson', lesson, 'share.why.lesson');
  }
  const at = get('at');
  if (at !== null) {
    const n = WHOLE.test(at) ? Number(at) : NaN;
    if (stops === undefined) drop('at', at, 'share.why.atNoLesson');
    else if (!(n >= 1 && n <= stops)) drop('at', at, 'share.why.at', { stops });
    else state.at = n;
  }
  const lang = get('lang');
  if (lang !== null) {
    if (isLang(lang)) state.lang = lang;
    else drop('lang', lang, 'share.why.lang', { langs: LANGS.join(', ') });
  }
  const compare = get('compare');
  if (compare !== null) {
    const ds = compare.split(',');
    if (ds.length === 2 && isDesignId(ds[0]) && isDesignId(ds[1]) && ds[0] !== ds[1]) state.compare = [ds[0], ds[1]];
    else drop('compare', compare, 'share.why.compare');
  }
  const script = get('script');
  if (script !== null) {
    if (!isStoryId(script)) drop('script', script, 'share.why.script', { scripts: STORY_IDS.join(', ') });
    else if (!state.compare) drop('script', script, 'share.why.scriptAlone');
    else state.script = script;
  }
  const challenge = get('challenge');
  if (challenge !== null) {
    if (ID.test(challenge) && (catalog?.hasChallenge(challenge) ?? true)) state.challenge = challenge;
    else drop('challenge', challenge, 'share.why.challenge');
  }
  // Only its shape here: its contents are read (and refused with a reason) where the run is made.
  const replay = get('replay');
  if (replay !== null) {
    if (REPLAY.test(replay)) state.replay = replay;
    else drop('replay', quote(replay, 40), 'share.why.replay');
  }
  return { state, dropped };
}
