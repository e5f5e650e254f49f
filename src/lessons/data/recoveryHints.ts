import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/**
 * Context-aware recovery hints (其余技术定义 · 上下文感知的错误恢复提示): the same `not_found` at
 * step 3 and at step 27 gets two different hints, because the hint is built from the task's own
 * ledger, refs and plan; step 27's names the rename step 18 made.
 */
export const recoveryHints: Lesson = {
  ...LESSON_META.recoveryHints,
  scenario: 'not-found',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'at-step-3',
      focus: ['step', 'channel'],
      move: { kind: 'wait', state: 'running', step: 3 },
      caption: 'lesson.recovery-hints.at-step-3.caption',
      shows: { state: 'running', step: 3, message: null },
      source: '其余技术定义 · 上下文感知的错误恢复提示',
    },
    {
      id: 'not-found-hint',
      focus: ['channel', 'step'],
      move: { kind: 'command', command: { type: 'TICK' } },
      caption: 'lesson.recovery-hints.not-found-hint.caption',
      shows: { state: 'tool_failed', step: 3, loop: 'counting', count: 1, message: 'recovery-hint' },
      source: '其余技术定义 · 上下文感知的错误恢复提示',
    },
    {
      id: 'path-fixed-asks-27',
      focus: ['step', 'requests'],
      move: { kind: 'wait', state: 'waiting_approval', step: 27 },
      caption: 'lesson.recovery-hints.path-fixed-asks-27.caption',
      shows: { state: 'waiting_approval', step: 27, requests: 1 },
      source: '其余技术定义 · 上下文感知的错误恢复提示',
    },
    {
      id: 'approved',
      focus: ['step'],
      move: { kind: 'command', command: { type: 'APPROVE' } },
      yourTurn: {
        control: 'btn-approve',
        ask: 'lesson.recovery-hints.approved.yourTurn.ask',
        expect: 'running',
      },
      caption: 'lesson.recovery-hints.approved.caption',
      shows: { state: 'running', step: 27 },
      source: '其余技术定义 · 上下文感知的错误恢复提示',
    },
    {
      id: 'renamed-hint',
      focus: ['channel'],
      move: { kind: 'command', command: { type: 'TICK' } },
      caption: 'lesson.recovery-hints.renamed-hint.caption',
      shows: { state: 'tool_failed', step: 27, loop: 'counting', count: 1, message: 'recovery-hint' },
      source: '其余技术定义 · 上下文感知的错误恢复提示',
    },
    {
      id: 'completed',
      focus: ['ended', 'ledger'],
      move: { kind: 'finish' },
      caption: 'lesson.recovery-hints.completed.caption',
      shows: { state: 'completed', ended: 'completed', requests: 1 },
      source: '其余技术定义 · 上下文感知的错误恢复提示',
    },
  ],
};
