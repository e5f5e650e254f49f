import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/** Lesson 7: failure replay and human takeover, both on the one checkpoint the run keeps. */
export const replayTakeover: Lesson = {
  ...LESSON_META.replayTakeover,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'at-step-4',
      focus: ['step'],
      move: { kind: 'wait', state: 'running', step: 4 },
      caption: 'lesson.replay-takeover.at-step-4.caption',
      shows: { state: 'running', step: 4 },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'failure-saved',
      focus: ['newest', 'loop'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'permission_denied' } },
      yourTurn: {
        control: 'btn-fail',
        ask: 'lesson.replay-takeover.failure-saved.yourTurn.ask',
        expect: 'tool_failed',
      },
      caption: 'lesson.replay-takeover.failure-saved.caption',
      shows: {
        state: 'tool_failed',
        step: 4,
        loop: 'counting',
        count: 1,
        newest: { step: 4, trigger: 'failure', state: 'tool_failed' },
      },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'failure-replay',
      focus: ['ledger', 'loop'],
      move: { kind: 'replay_failure' },
      caption: 'lesson.replay-takeover.failure-replay.caption',
      shows: { state: 'tool_failed', step: 4, count: 1, ledger: 4 },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'fuse-to-person',
      focus: ['loop', 'ended', 'channel'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'permission_denied' }, times: 2 },
      caption: 'lesson.replay-takeover.fuse-to-person.caption',
      shows: { state: 'failed', step: 4, ended: 'loop_fuse', loop: 'fused', count: 3 },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'human-takeover',
      focus: ['newest', 'ledger'],
      move: { kind: 'takeover', edit: { kind: 'mark_done', step: 4 } },
      caption: 'lesson.replay-takeover.human-takeover.caption',
      shows: { state: 'running', step: 5, ended: null, newest: { step: 5, trigger: 'manual', state: 'running' } },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'completed',
      focus: ['ended', 'requests'],
      move: { kind: 'finish' },
      caption: 'lesson.replay-takeover.completed.caption',
      shows: { state: 'completed', ended: 'completed', requests: 1 },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
  ],
};
