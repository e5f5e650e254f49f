import approveAcrossCrash from './files/approve-across-crash.json';
import crashTwoWasted from './files/crash-two-wasted.json';
import detourNoFuse from './files/detour-no-fuse.json';
import fuseWithoutError from './files/fuse-without-error.json';
import oneRejection from './files/one-rejection.json';
import { translate } from '../i18n/words';
import { readChallenge } from './parse';
import type { Challenge } from './types';

/** The shipped challenge files, read through the same parser a teacher's file goes through. */
function shipped(raw: unknown): Challenge {
  const r = readChallenge(raw);
  if (!r.ok) throw new Error(translate('en', r.error.message));
  return r.challenge;
}

export const CHALLENGES: readonly Challenge[] = [
  oneRejection,
  crashTwoWasted,
  approveAcrossCrash,
  fuseWithoutError,
  detourNoFuse,
].map(shipped);

export const findChallenge = (id: string): Challenge | undefined => CHALLENGES.find((c) => c.id === id);
