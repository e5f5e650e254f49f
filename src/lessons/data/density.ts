import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/** Lesson 4: what a checkpoint holds (position, not luggage) and how dense to make them. */
export const density: Lesson = {
  ...LESSON_META.density,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'five-marked',
      focus: ['newest', 'cp-done', 'cp-refs', 'cp-todos', 'cp-plan', 'sizes', 'step'],
      move: { kind: 'wait', state: 'waiting_approval' },
      caption: 'lesson.density.five-marked.caption',
      shows: { stored: 8, state: 'waiting_approval', step: 27, checkpoints: 8, fullStateTimes: 10 },
      source: 'Checkpoint 存什么',
    },
    {
      id: 'every-step',
      move: { kind: 'segment', design: 'every-step' },
      caption: 'lesson.density.every-step.caption',
      shows: { state: 'created', step: 1, checkpoints: 0 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'every-step-at-27',
      focus: ['checkpoints'],
      move: { kind: 'wait', state: 'waiting_approval' },
      caption: 'lesson.density.every-step-at-27.caption',
      shows: { state: 'waiting_approval', step: 27, checkpoints: 28 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'before-key-actions',
      move: { kind: 'segment', design: 'article' },
      caption: 'lesson.density.before-key-actions.caption',
      shows: { state: 'created', step: 1 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'at-step-14',
      focus: ['step', 'newest'],
      move: { kind: 'wait', state: 'running', step: 14 },
      caption: 'lesson.density.at-step-14.caption',
      shows: { state: 'running', step: 14, newest: { step: 7, trigger: 'phase_switch' } },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'crash-at-14',
      focus: ['down', 'stored'],
      move: { kind: 'command', command: { type: 'CRASH' } },
      caption: 'lesson.density.crash-at-14.caption',
      shows: { stored: 2, state: 'running', step: 14, down: 'crash' },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'restart-from-7',
      focus: ['step'],
      move: { kind: 'command', command: { type: 'RESTART' } },
      yourTurn: {
        control: 'btn-restart',
        ask: 'lesson.density.restart-from-7.yourTurn.ask',
        expect: 'running',
      },
      caption: 'lesson.density.restart-from-7.caption',
      shows: { state: 'running', step: 7, down: null },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'seven-wasted',
      focus: ['wasted', 'step'],
      move: { kind: 'wait', state: 'running', step: 14 },
      caption: 'lesson.density.seven-wasted.caption',
      shows: { state: 'running', step: 14, wasted: 7 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
  ],
};
