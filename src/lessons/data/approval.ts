import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/** Lesson 2: waiting for approval without freezing the loop (SPEC §8; the article's 自测, question 2). */
export const approval: Lesson = {
  ...LESSON_META.approval,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'suspend-at-27',
      focus: ['newest', 'step'],
      move: { kind: 'wait', state: 'waiting_approval' },
      caption: 'lesson.approval.suspend-at-27.caption',
      shows: {
        state: 'waiting_approval',
        step: 27,
        requests: 1,
        newest: { step: 27, trigger: 'before_suspend', state: 'waiting_approval' },
      },
      source: '自测',
    },
    {
      id: 'polls-no-tokens',
      focus: ['tokens', 'requests'],
      move: { kind: 'command', command: { type: 'TICK' }, times: 3 },
      caption: 'lesson.approval.polls-no-tokens.caption',
      shows: { state: 'waiting_approval', step: 27, requests: 1 },
      source: '自测',
    },
    {
      id: 'reject-as-failure',
      focus: ['ledger'],
      move: { kind: 'command', command: { type: 'REJECT', reason: 'back up the orders table first' } },
      yourTurn: {
        control: 'btn-reject',
        ask: 'lesson.approval.reject-as-failure.yourTurn.ask',
        expect: 'tool_failed',
      },
      caption: 'lesson.approval.reject-as-failure.caption',
      shows: { state: 'tool_failed', step: 27, message: 'recovery-hint', newest: { trigger: 'failure' } },
      source: '八状态与转移',
    },
    {
      id: 'new-request',
      focus: ['plan', 'ledger', 'step', 'requests'],
      move: { kind: 'wait', state: 'waiting_approval' },
      caption: 'lesson.approval.new-request.caption',
      shows: {
        state: 'waiting_approval',
        step: 28,
        requests: 2,
        plan: { version: 2, steps: 41 },
        ledger: 28,
        call: { step: 27, args: '{"sql":"CREATE TABLE orders_backup AS SELECT * FROM orders"}' },
      },
      source: '自测',
    },
    {
      id: 'approve-resumes',
      focus: ['newest'],
      move: { kind: 'command', command: { type: 'APPROVE' } },
      yourTurn: { control: 'btn-approve', ask: 'lesson.approval.approve-resumes.yourTurn.ask', expect: 'running' },
      caption: 'lesson.approval.approve-resumes.caption',
      shows: { state: 'running', step: 28, requests: 2, newest: { trigger: 'before_suspend', step: 28 } },
      source: '自测',
    },
    {
      id: 'completed',
      focus: ['ended'],
      move: { kind: 'finish' },
      caption: 'lesson.approval.completed.caption',
      shows: { state: 'completed', ended: 'completed', wasted: 0 },
      source: '自测',
    },
  ],
};
