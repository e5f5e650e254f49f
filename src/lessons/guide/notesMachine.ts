import type { LessonIdOf, LessonNotes } from './noteTypes';

/** The teacher's notes of the lessons on the machine and its loop guard (notes.ts assembles them). */
export const MACHINE_NOTES = {
  'three-endings': {
    asks: {
      'restart-from-1': 'guide.three-endings.asks.restart-from-1',
    },
    discuss: [
      {
        q: 'guide.three-endings.discuss.0.q',
        a: 'guide.three-endings.discuss.0.a',
      },
      {
        q: 'guide.three-endings.discuss.1.q',
        a: 'guide.three-endings.discuss.1.a',
      },
    ],
  },
  approval: {
    asks: {
      'polls-no-tokens': 'guide.approval.asks.polls-no-tokens',
    },
    discuss: [
      {
        q: 'guide.approval.discuss.0.q',
        a: 'guide.approval.discuss.0.a',
      },
      {
        q: 'guide.approval.discuss.1.q',
        a: 'guide.approval.discuss.1.a',
      },
    ],
  },
  fuse: {
    asks: {
      'remind-2': 'guide.fuse.asks.remind-2',
    },
    discuss: [
      {
        q: 'guide.fuse.discuss.0.q',
        a: 'guide.fuse.discuss.0.a',
      },
      {
        q: 'guide.fuse.discuss.1.q',
        a: 'guide.fuse.discuss.1.a',
      },
      {
        q: 'guide.fuse.discuss.2.q',
        a: 'guide.fuse.discuss.2.a',
      },
    ],
  },
  'remind-recover': {
    asks: {
      'timeout-counts-1': 'guide.remind-recover.asks.timeout-counts-1',
      'reminder-at-2': 'guide.remind-recover.asks.reminder-at-2',
      'new-key-step-5': 'guide.remind-recover.asks.new-key-step-5',
    },
    discuss: [
      {
        q: 'guide.remind-recover.discuss.0.q',
        a: 'guide.remind-recover.discuss.0.a',
      },
      {
        q: 'guide.remind-recover.discuss.1.q',
        a: 'guide.remind-recover.discuss.1.a',
      },
    ],
  },
  'no-progress': {
    asks: {
      'no-progress-1': 'guide.no-progress.asks.no-progress-1',
      'no-progress-remind': 'guide.no-progress.asks.no-progress-remind',
    },
    discuss: [
      {
        q: 'guide.no-progress.discuss.0.q',
        a: 'guide.no-progress.discuss.0.a',
      },
      {
        q: 'guide.no-progress.discuss.1.q',
        a: 'guide.no-progress.discuss.1.a',
      },
    ],
  },
  'recovery-hints': {
    asks: {
      'not-found-hint': 'guide.recovery-hints.asks.not-found-hint',
      'renamed-hint': 'guide.recovery-hints.asks.renamed-hint',
    },
    discuss: [
      {
        q: 'guide.recovery-hints.discuss.0.q',
        a: 'guide.recovery-hints.discuss.0.a',
      },
      {
        q: 'guide.recovery-hints.discuss.1.q',
        a: 'guide.recovery-hints.discuss.1.a',
      },
    ],
  },
} satisfies Partial<Record<LessonIdOf, LessonNotes>>;
