import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/** Lesson 6: when eight states are over-design (script-5min on the four-state simple mode). */
export const simpleMode: Lesson = {
  ...LESSON_META.simpleMode,
  scenario: 'script-5min',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'script-starts',
      focus: ['diagram'],
      move: { kind: 'command', command: { type: 'START' } },
      caption: 'lesson.simple-mode.script-starts.caption',
      shows: { state: 'running', step: 1, loop: null, ledger: 0 },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
    {
      id: 'script-completes',
      focus: ['checkpoints', 'ledger', 'ended'],
      move: { kind: 'wait', state: 'completed' },
      caption: 'lesson.simple-mode.script-completes.caption',
      shows: { state: 'completed', ended: 'completed', checkpoints: 0, ledger: 0, loop: null, message: null },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
    {
      id: 'run-again',
      move: { kind: 'segment', design: 'article', scenario: 'script-5min' },
      caption: 'lesson.simple-mode.run-again.caption',
      shows: { state: 'created', step: 1 },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
    {
      id: 'start-again',
      move: { kind: 'command', command: { type: 'START' } },
      caption: 'lesson.simple-mode.start-again.caption',
      shows: { state: 'running', step: 1 },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
    {
      id: 'fails-straight',
      focus: ['ended', 'ledger', 'loop', 'channel'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'timeout' } },
      yourTurn: {
        control: 'btn-fail',
        ask: 'lesson.simple-mode.fails-straight.yourTurn.ask',
        expect: 'failed',
        ended: 'step_failed',
      },
      caption: 'lesson.simple-mode.fails-straight.caption',
      shows: { state: 'failed', ended: 'step_failed', ledger: 0, loop: null, message: null, checkpoints: 0 },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
    {
      id: 'long-task',
      focus: ['diagram'],
      move: { kind: 'segment', design: 'article', scenario: 'migration-40' },
      caption: 'lesson.simple-mode.long-task.caption',
      shows: { state: 'created', step: 1, loop: 'none' },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
    {
      id: 'eight-states-earn',
      focus: ['diagram', 'step'],
      move: { kind: 'wait', state: 'waiting_approval' },
      caption: 'lesson.simple-mode.eight-states-earn.caption',
      shows: { state: 'waiting_approval', step: 27, checkpoints: 8 },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
  ],
};
