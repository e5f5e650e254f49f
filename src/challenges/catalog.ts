import { translate } from '../i18n/words';
import { readChallenge } from './parse';
import { CHALLENGE_TITLES } from './meta';
import type { Challenge } from './types';

const FILES = import.meta.glob('./files/*.json', { eager: true, import: 'default' });

/** A shipped challenge file, read through the same parser a teacher's file goes through. */
function shipped(id: string): Challenge {
  const r = readChallenge(FILES[`./files/${id}.json`]);
  if (!r.ok) throw new Error(translate('en', r.error.message));
  if (r.challenge.id !== id) throw new Error(`files/${id}.json says it is ${r.challenge.id}`);
  return r.challenge;
}

/** Every shipped challenge, in the list's order (meta.ts). */
export const CHALLENGES: readonly Challenge[] = CHALLENGE_TITLES.map(({ id }) => shipped(id));

export const findChallenge = (id: string): Challenge | undefined => CHALLENGES.find((c) => c.id === id);
