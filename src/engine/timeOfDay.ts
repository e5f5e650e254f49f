import { MINUTE } from './world';

/**
 * The virtual clock as a time of day. A run's clock counts ms from its start; the story the
 * article tells (先从三种「从头再来」说起) needs the start placed in a day: the migration is
 * started late in the afternoon, so step 27 asks for approval in the evening (21:54 on seed 1),
 * nobody is there that night, the failing night ends near dawn, and the person is back the next
 * morning. Every caption that names a time of day is held to this clock (lessons.test.ts and
 * e2e/lesson-claims.spec.ts).
 */
const DAY_STARTS_AT = 17 * 60;

const DAY = 24 * 60;

/** Where `ms` since the run's start falls: day 1, 2, … and minutes since that day's midnight. */
export function timeOfDay(ms: number): { day: number; minutes: number } {
  const total = Math.floor(ms / MINUTE) + DAY_STARTS_AT;
  return { day: Math.floor(total / DAY) + 1, minutes: total % DAY };
}

/** The run's clock (ms since its start) at `hh:mm` of `day` (day 1 is the run's first). */
export function clockAt(day: number, hh: number, mm = 0): number {
  return ((day - 1) * DAY + hh * 60 + mm - DAY_STARTS_AT) * MINUTE;
}
