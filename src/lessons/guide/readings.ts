import type { MessageKey, Said } from '../../i18n/words';
import { DEFAULT_CONFIG, MINUTE, STORIES, type Config } from '../../engine';
import type { Lesson } from '../types';

/**
 * Where the simulator extends the article or reads it its own way (SPEC §10, the lessons'
 * captions, the diagram's dashed edge): what the article says, what the simulator does, and
 * which lessons show it, found in the lessons' data so the list of lessons cannot go stale.
 */
interface Reading {
  id: string;
  title: MessageKey;
  article: MessageKey;
  simulator: Said;
  /** The lesson shows this reading (its data, not its wording, says so). */
  shownIn: (lesson: Lesson) => boolean;
}

/** The configs a lesson runs with: its own, and each segment's. */
const configsOf = (l: Lesson): Partial<Config>[] => [
  l.config ?? {},
  ...l.stops.flatMap((s) => (s.move.kind === 'segment' && s.move.config ? [s.move.config] : [])),
];

const HOURS = (STORIES['opening-story'].config.processTimeoutMs ?? 0) / (60 * MINUTE);
const POLL = DEFAULT_CONFIG.pollMs / MINUTE;

export const READINGS: readonly Reading[] = [
  {
    id: 'replan-edge',
    title: 'guide.reading.replan-edge.title',
    article: 'guide.reading.replan-edge.article',
    simulator: 'guide.reading.replan-edge.simulator',
    shownIn: (l) => l.stops.some((s) => (s.shows.plan?.version ?? 1) > 1),
  },
  {
    id: 'count-reset',
    title: 'guide.reading.count-reset.title',
    article: 'guide.reading.count-reset.article',
    simulator: 'guide.reading.count-reset.simulator',
    shownIn: (l) => configsOf(l).some((c) => c.heedReminder !== undefined),
  },
  {
    id: 'simple-names',
    title: 'guide.reading.simple-names.title',
    article: 'guide.reading.simple-names.article',
    simulator: 'guide.reading.simple-names.simulator',
    shownIn: (l) =>
      l.scenario === 'script-5min' ||
      l.stops.some((s) => s.move.kind === 'segment' && s.move.scenario === 'script-5min'),
  },
  {
    id: 'coarse-guard',
    title: 'guide.reading.coarse-guard.title',
    article: 'guide.reading.coarse-guard.article',
    simulator: {
      key: 'guide.reading.coarse-guard.simulator',
      params: { fuseAt: DEFAULT_CONFIG.fuseAt, attempts: DEFAULT_CONFIG.maxAttemptsPerStep },
    },
    shownIn: (l) => configsOf(l).some((c) => c.guard === 'tool-only'),
  },
  {
    id: 'no-progress',
    title: 'guide.reading.no-progress.title',
    article: 'guide.reading.no-progress.article',
    simulator: 'guide.reading.no-progress.simulator',
    shownIn: (l) =>
      l.stops.some(
        (s) =>
          s.move.kind === 'command' && s.move.command.type === 'FAIL_NOW' && s.move.command.error === 'no_progress',
      ),
  },
  {
    id: 'night-figures',
    title: 'guide.reading.night-figures.title',
    article: 'guide.reading.night-figures.article',
    simulator: { key: 'guide.reading.night-figures.simulator', params: { hours: HOURS, poll: POLL } },
    shownIn: (l) => l.stops.some((s) => s.move.kind === 'beat'),
  },
];
