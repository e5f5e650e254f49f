import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/** Lesson 3: count, remind, fuse; and the legitimate detour a fuse without a reminder would kill. */
export const fuse: Lesson = {
  ...LESSON_META.fuse,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'at-step-3',
      focus: ['step', 'loop'],
      move: { kind: 'wait', state: 'running', step: 3 },
      caption: 'lesson.fuse.at-step-3.caption',
      shows: { state: 'running', step: 3, loop: 'none', guard: 'article' },
      source: '边界与取舍 · 熔断会误伤正当的绕路',
    },
    {
      id: 'count-1',
      focus: ['loop', 'ledger'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'not_found' } },
      yourTurn: {
        control: 'btn-fail',
        ask: 'lesson.fuse.count-1.yourTurn.ask',
        expect: 'tool_failed',
      },
      caption: 'lesson.fuse.count-1.caption',
      shows: { state: 'tool_failed', step: 3, loop: 'counting', count: 1, ledger: 3, message: 'recovery-hint' },
      source: '其余技术定义 · 步骤账本',
    },
    {
      id: 'remind-2',
      focus: ['loop', 'channel'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'not_found' } },
      caption: 'lesson.fuse.remind-2.caption',
      shows: { state: 'tool_failed', step: 3, loop: 'reminded', count: 2, message: 'reminder' },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'fuse-3',
      focus: ['loop', 'ended'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'not_found' } },
      yourTurn: {
        control: 'btn-fail',
        ask: 'lesson.fuse.fuse-3.yourTurn.ask',
        expect: 'failed',
        ended: 'loop_fuse',
      },
      caption: 'lesson.fuse.fuse-3.caption',
      shows: { state: 'failed', step: 3, ended: 'loop_fuse', loop: 'fused', count: 3 },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'ten-profiles',
      move: { kind: 'segment', design: 'article', scenario: 'enumerate' },
      caption: 'lesson.fuse.ten-profiles.caption',
      shows: { state: 'created', step: 1, guard: 'article' },
      source: '边界与取舍 · 熔断会误伤正当的绕路',
    },
    {
      id: 'new-key-no-fuse',
      focus: ['ledger', 'loop', 'ended'],
      move: { kind: 'wait', state: 'completed' },
      caption: 'lesson.fuse.new-key-no-fuse.caption',
      shows: { state: 'completed', ended: 'completed', ledger: 10 },
      source: '边界与取舍 · 熔断会误伤正当的绕路',
    },
    {
      id: 'coarse-guard',
      focus: ['guard'],
      move: { kind: 'segment', design: 'article', scenario: 'enumerate', config: { guard: 'tool-only' } },
      caption: 'lesson.fuse.coarse-guard.caption',
      shows: { state: 'created', step: 1, guard: 'tool-only' },
      source: '边界与取舍 · 熔断会误伤正当的绕路',
    },
    {
      id: 'coarse-fuse-trips',
      focus: ['loop', 'ended', 'ledger'],
      move: { kind: 'finish' },
      caption: 'lesson.fuse.coarse-fuse-trips.caption',
      shows: {
        state: 'failed',
        step: 2,
        ended: 'loop_fuse',
        loop: 'fused',
        count: 3,
        guard: 'tool-only',
        message: 'recovery-hint',
      },
      source: '边界与取舍 · 熔断会误伤正当的绕路',
    },
  ],
};
