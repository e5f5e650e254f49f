import type { Challenge } from './types';

/** The shipped challenges, in the order the list shows them: each the file `files/<id>.json`. */
const ORDER = ['one-rejection', 'crash-two-wasted', 'approve-across-crash', 'fuse-without-error', 'detour-no-fuse'];

/**
 * Each file's title, spelled there once. The list needs no more; the files come with its chunk
 * (the panels below the first screen: 1.7 kB gzip for the five), and the parser that checks them
 * (catalog.ts) loads when a challenge is opened.
 */
const TITLES = import.meta.glob<Challenge['title']>('./files/*.json', { eager: true, import: 'title' });

/** Each shipped challenge's id and title, in the list's order. */
export const CHALLENGE_TITLES: readonly Pick<Challenge, 'id' | 'title'>[] = ORDER.map((id) => {
  const title = TITLES[`./files/${id}.json`];
  if (!title) throw new Error(`no challenge file files/${id}.json`);
  return { id, title };
});
