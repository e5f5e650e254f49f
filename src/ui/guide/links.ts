import type { Lang } from '../../engine';

/** The address that opens a lesson at its first stop, in the guide's language (as the lesson list's). */
export const lessonHref = (id: string, lang: Lang): string => `?lesson=${encodeURIComponent(id)}&lang=${lang}`;

/**
 * The same address made absolute against the page's own location, for paper: it keeps the
 * host and the folder the guide was opened from, so a copy served from any folder prints
 * links to itself.
 */
export const lessonUrl = (id: string, lang: Lang, base: string = window.location.href): string =>
  new URL(lessonHref(id, lang), base).href;
