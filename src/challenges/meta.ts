import approveAcrossCrash from './files/approve-across-crash.json';
import crashTwoWasted from './files/crash-two-wasted.json';
import detourNoFuse from './files/detour-no-fuse.json';
import fuseWithoutError from './files/fuse-without-error.json';
import oneRejection from './files/one-rejection.json';
import type { Challenge } from './types';

/**
 * The shipped challenge files, in the order the list shows them, as they are (unchecked: the
 * catalog reads each through the parser a teacher's file goes through, catalog.ts). They come
 * with the list's chunk (the panels below the first screen: 1.7 kB gzip for the five); the
 * parser loads when a challenge is opened.
 */
export const SHIPPED_FILES = [oneRejection, crashTwoWasted, approveAcrossCrash, fuseWithoutError, detourNoFuse];

/** Each shipped challenge's id and title, in the list's order: the file's own, spelled there once. */
export const CHALLENGE_TITLES: readonly Pick<Challenge, 'id' | 'title'>[] = SHIPPED_FILES.map(({ id, title }) => ({
  id,
  title,
}));
