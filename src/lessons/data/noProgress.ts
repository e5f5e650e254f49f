import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/** Lesson 8: no progress without any failure (无失败也查). */
export const noProgress: Lesson = {
  ...LESSON_META.noProgress,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'at-step-5',
      focus: ['step'],
      move: { kind: 'wait', state: 'running', step: 5 },
      caption: 'lesson.no-progress.at-step-5.caption',
      shows: { state: 'running', step: 5, loop: 'none' },
      source: '动手：转移、存档与熔断',
    },
    {
      id: 'no-progress-1',
      focus: ['loop', 'ledger'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'no_progress' } },
      caption: 'lesson.no-progress.no-progress-1.caption',
      shows: { state: 'tool_failed', step: 5, loop: 'counting', count: 1, message: 'recovery-hint' },
      source: '动手：转移、存档与熔断',
    },
    {
      id: 'no-progress-remind',
      focus: ['channel', 'loop'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'no_progress' } },
      caption: 'lesson.no-progress.no-progress-remind.caption',
      shows: { state: 'tool_failed', step: 5, loop: 'reminded', count: 2, message: 'reminder' },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'no-progress-fuse',
      focus: ['loop', 'ended'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'no_progress' } },
      yourTurn: {
        control: 'btn-fail',
        ask: 'lesson.no-progress.no-progress-fuse.yourTurn.ask',
        expect: 'failed',
        ended: 'loop_fuse',
      },
      caption: 'lesson.no-progress.no-progress-fuse.caption',
      shows: { state: 'failed', step: 5, ended: 'loop_fuse', loop: 'fused', count: 3 },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
  ],
};
