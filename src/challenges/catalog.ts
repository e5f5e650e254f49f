import { translate } from '../i18n/words';
import { readChallenge } from './parse';
import { SHIPPED_FILES } from './meta';
import type { Challenge } from './types';

/** A shipped challenge file, read through the same parser a teacher's file goes through. */
function shipped(raw: unknown): Challenge {
  const r = readChallenge(raw);
  if (!r.ok) throw new Error(translate('en', r.error.message));
  return r.challenge;
}

/** Every shipped challenge, in the list's order (meta.ts). */
export const CHALLENGES: readonly Challenge[] = SHIPPED_FILES.map(shipped);

export const findChallenge = (id: string): Challenge | undefined => CHALLENGES.find((c) => c.id === id);
