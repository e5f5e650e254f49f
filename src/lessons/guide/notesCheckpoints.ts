import type { LessonIdOf, LessonNotes } from './noteTypes';

/** The teacher's notes of the lessons on checkpoints, recovery and the article's limits (notes.ts assembles them). */
export const CHECKPOINT_NOTES = {
  density: {
    asks: {
      'crash-at-14': 'guide.density.asks.crash-at-14',
    },
    discuss: [
      {
        q: 'guide.density.discuss.0.q',
        a: 'guide.density.discuss.0.a',
      },
      {
        q: 'guide.density.discuss.1.q',
        a: 'guide.density.discuss.1.a',
      },
    ],
  },
  'every-n': {
    asks: {
      'crash-at-20': 'guide.every-n.asks.crash-at-20',
      'restart-from-11': 'guide.every-n.asks.restart-from-11',
      'article-crash': 'guide.every-n.asks.article-crash',
    },
    discuss: [
      {
        q: 'guide.every-n.discuss.0.q',
        a: 'guide.every-n.discuss.0.a',
      },
      {
        q: 'guide.every-n.discuss.1.q',
        a: 'guide.every-n.discuss.1.a',
      },
    ],
  },
  plans: {
    asks: {
      replan: 'guide.plans.asks.replan',
      'plan-v2': 'guide.plans.asks.plan-v2',
      'crash-after-replan': 'guide.plans.asks.crash-after-replan',
    },
    discuss: [
      {
        q: 'guide.plans.discuss.0.q',
        a: 'guide.plans.discuss.0.a',
      },
      {
        q: 'guide.plans.discuss.1.q',
        a: 'guide.plans.discuss.1.a',
      },
    ],
  },
  'cancel-resume': {
    asks: {
      'approve-branch': 'guide.cancel-resume.asks.approve-branch',
    },
    discuss: [
      {
        q: 'guide.cancel-resume.discuss.0.q',
        a: 'guide.cancel-resume.discuss.0.a',
      },
      {
        q: 'guide.cancel-resume.discuss.1.q',
        a: 'guide.cancel-resume.discuss.1.a',
      },
    ],
  },
  'replay-takeover': {
    asks: {
      'fuse-to-person': 'guide.replay-takeover.asks.fuse-to-person',
    },
    discuss: [
      {
        q: 'guide.replay-takeover.discuss.0.q',
        a: 'guide.replay-takeover.discuss.0.a',
      },
      {
        q: 'guide.replay-takeover.discuss.1.q',
        a: 'guide.replay-takeover.discuss.1.a',
      },
    ],
  },
  smells: {
    asks: {
      approved: 'guide.smells.asks.approved',
    },
    discuss: [
      {
        q: 'guide.smells.discuss.0.q',
        a: 'guide.smells.discuss.0.a',
      },
      {
        q: 'guide.smells.discuss.1.q',
        a: 'guide.smells.discuss.1.a',
      },
    ],
  },
  'simple-mode': {
    asks: {
      'script-starts': 'guide.simple-mode.asks.script-starts',
      'start-again': 'guide.simple-mode.asks.start-again',
    },
    discuss: [
      {
        q: 'guide.simple-mode.discuss.0.q',
        a: 'guide.simple-mode.discuss.0.a',
      },
      {
        q: 'guide.simple-mode.discuss.1.q',
        a: 'guide.simple-mode.discuss.1.a',
      },
    ],
  },
} satisfies Partial<Record<LessonIdOf, LessonNotes>>;
