import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/**
 * Cancel, then resume from a checkpoint (其余技术定义 · 中断恢复、失败复现与人工接管; the article's
 * own interactive tool lists it): cancelled is terminal, and going on is a new branch forked
 * from the checkpoint written before the run suspended.
 */
export const cancelResume: Lesson = {
  ...LESSON_META.cancelResume,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'waits-at-27',
      focus: ['step', 'stored', 'newest'],
      move: { kind: 'wait', state: 'waiting_approval' },
      caption: 'lesson.cancel-resume.waits-at-27.caption',
      shows: {
        stored: 8,
        state: 'waiting_approval',
        step: 27,
        newest: { step: 27, trigger: 'before_suspend', state: 'waiting_approval' },
      },
      source: '动手：转移、存档与熔断',
    },
    {
      id: 'cancelled',
      focus: ['ended', 'newest'],
      move: { kind: 'command', command: { type: 'CANCEL' } },
      yourTurn: {
        control: 'btn-cancel',
        ask: 'lesson.cancel-resume.cancelled.yourTurn.ask',
        expect: 'cancelled',
        ended: 'cancelled',
      },
      caption: 'lesson.cancel-resume.cancelled.caption',
      shows: { state: 'cancelled', step: 27, ended: 'cancelled', newest: { trigger: 'terminal', state: 'cancelled' } },
      source: '八状态与转移',
    },
    {
      id: 'fork-branch',
      focus: ['newest', 'stored', 'step', 'clock', 'wasted'],
      move: { kind: 'fork' },
      caption: 'lesson.cancel-resume.fork-branch.caption',
      shows: { stored: 1, state: 'waiting_approval', step: 27, ended: null, wasted: 0 },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'approve-branch',
      focus: ['newest'],
      move: { kind: 'command', command: { type: 'APPROVE' } },
      caption: 'lesson.cancel-resume.approve-branch.caption',
      shows: { state: 'running', step: 27 },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'branch-completes',
      focus: ['ended', 'wasted'],
      move: { kind: 'finish' },
      caption: 'lesson.cancel-resume.branch-completes.caption',
      shows: { state: 'completed', ended: 'completed', wasted: 0 },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
  ],
};
