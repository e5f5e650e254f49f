import type { T } from '../useT';

/** A length such as 1 min 22 s, rounded to the second. */
export const playTime = (t: T, ms: number): string => {
  const s = Math.round(ms / 1000);
  return t('guide.playTime', { m: Math.floor(s / 60), s: s % 60 });
};

/** An allowance as the guide states it: whole minutes, seconds, or both. */
export const duration = (t: T, ms: number): string => {
  const s = Math.round(ms / 1000);
  if (s % 60 === 0) return t('guide.minutes', { n: s / 60 });
  if (s < 60) return t('guide.seconds', { n: s });
  return playTime(t, ms);
};
