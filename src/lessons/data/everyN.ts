import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/**
 * "十步一存，丢十步" (边界与取舍 · Checkpoint 的密度是个折中): checkpoints every ten steps by count
 * alone, a crash, and how far the run falls back (the student predicts the step first); then the
 * same crash under the article's key actions.
 */
export const everyN: Lesson = {
  ...LESSON_META.everyN,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'every-ten',
      move: { kind: 'segment', design: 'article', config: { density: 'every_n' } },
      caption: 'lesson.every-n.every-ten.caption',
      shows: { state: 'created', step: 1, checkpoints: 0 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'at-step-20',
      focus: ['newest', 'step'],
      move: { kind: 'wait', state: 'running', step: 20 },
      caption: 'lesson.every-n.at-step-20.caption',
      shows: { state: 'running', step: 20, newest: { step: 11, trigger: 'every_n' } },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'crash-at-20',
      focus: ['down', 'stored'],
      move: { kind: 'command', command: { type: 'CRASH' } },
      caption: 'lesson.every-n.crash-at-20.caption',
      shows: { stored: 2, state: 'running', step: 20, down: 'crash' },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'restart-from-11',
      focus: ['step'],
      move: { kind: 'command', command: { type: 'RESTART' } },
      predict: 'step',
      caption: 'lesson.every-n.restart-from-11.caption',
      shows: { state: 'running', step: 11, down: null },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'nine-wasted',
      focus: ['wasted', 'step'],
      move: { kind: 'wait', state: 'running', step: 20 },
      caption: 'lesson.every-n.nine-wasted.caption',
      shows: { state: 'running', step: 20, wasted: 9 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'article-density',
      move: { kind: 'segment', design: 'article' },
      caption: 'lesson.every-n.article-density.caption',
      shows: { state: 'created', step: 1, checkpoints: 0 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'article-at-20',
      focus: ['newest', 'step'],
      move: { kind: 'wait', state: 'running', step: 20 },
      caption: 'lesson.every-n.article-at-20.caption',
      shows: { state: 'running', step: 20, newest: { step: 15, trigger: 'phase_switch' } },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'article-crash',
      focus: ['down'],
      move: { kind: 'command', command: { type: 'CRASH' } },
      caption: 'lesson.every-n.article-crash.caption',
      shows: { state: 'running', step: 20, down: 'crash' },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'restart-from-15',
      focus: ['step'],
      move: { kind: 'command', command: { type: 'RESTART' } },
      yourTurn: {
        control: 'btn-restart',
        ask: 'lesson.every-n.restart-from-15.yourTurn.ask',
        expect: 'running',
      },
      caption: 'lesson.every-n.restart-from-15.caption',
      shows: { state: 'running', step: 15, down: null },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
  ],
};
