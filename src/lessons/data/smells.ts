import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/** Lesson 5: the article's two smells, each a design that gets one thing wrong, on the opening story. */
export const smells: Lesson = {
  ...LESSON_META.smells,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'no-refs',
      focus: ['cp-refs'],
      move: { kind: 'segment', design: 'no-refs', story: 'opening-story' },
      caption: 'lesson.smells.no-refs.caption',
      shows: { state: 'created', step: 1 },
      source: '坏味道预警',
    },
    {
      id: 'no-refs-killed',
      focus: ['cp-refs', 'down', 'clock', 'step'],
      move: { kind: 'beat', story: 'opening-story', beat: 0, through: 1 },
      caption: 'lesson.smells.no-refs-killed.caption',
      shows: {
        state: 'waiting_approval',
        step: 27,
        down: 'timeout',
        newest: { step: 27, trigger: 'before_suspend' },
        clock: { day: 2, from: '08:00', to: '10:00' },
      },
      source: '坏味道预警',
    },
    {
      id: 'restart-no-refs',
      focus: ['rereads', 'cp-refs', 'step'],
      move: { kind: 'command', command: { type: 'RESTART' } },
      yourTurn: {
        control: 'btn-restart',
        ask: 'lesson.smells.restart-no-refs.yourTurn.ask',
        expect: 'waiting_approval',
      },
      caption: 'lesson.smells.restart-no-refs.caption',
      shows: {
        state: 'waiting_approval',
        step: 27,
        down: null,
        rereads: 19,
        clock: { day: 2, from: '08:00', to: '11:00' },
      },
      source: '坏味道预警',
    },
    {
      id: 'approved',
      focus: ['step'],
      move: { kind: 'command', command: { type: 'APPROVE' } },
      caption: 'lesson.smells.approved.caption',
      shows: { state: 'running', step: 27 },
      source: '坏味道预警',
    },
    {
      id: 'rereads-cost',
      focus: ['rereads', 'tokens', 'ended'],
      move: { kind: 'finish' },
      caption: 'lesson.smells.rereads-cost.caption',
      shows: { state: 'completed', ended: 'completed', rereads: 19 },
      source: '坏味道预警',
    },
    {
      id: 'blocking-wait',
      focus: ['side'],
      move: { kind: 'segment', design: 'blocking-wait', story: 'opening-story' },
      caption: 'lesson.smells.blocking-wait.caption',
      shows: { state: 'created', step: 1 },
      source: '坏味道预警',
    },
    {
      id: 'night-blocked',
      focus: ['side', 'clock', 'down', 'step'],
      move: { kind: 'beat', story: 'opening-story', beat: 0, through: 1 },
      caption: 'lesson.smells.night-blocked.caption',
      shows: {
        state: 'waiting_approval',
        step: 27,
        side: 'waiting',
        down: 'timeout',
        clock: { day: 2, from: '08:00', to: '10:00' },
      },
      source: '坏味道预警',
    },
    {
      id: 'queue-runs-late',
      focus: ['side', 'clock', 'ended'],
      move: { kind: 'beat', story: 'opening-story', beat: 2 },
      caption: 'lesson.smells.queue-runs-late.caption',
      shows: { state: 'completed', ended: 'completed', side: 'done', clock: { day: 2, from: '11:30', to: '13:00' } },
      source: '坏味道预警',
    },
  ],
};
