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
      caption: {
        zh: '一个五分钟的一次性脚本：只有四个状态——待跑、在跑、完成，加一个失败。',
        en: 'A five-minute one-off script: four states only: pending, running, done, and one failed.',
      },
      shows: { state: 'running', step: 1, loop: null, ledger: 0 },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
    {
      id: 'script-completes',
      focus: ['checkpoints', 'ledger', 'ended'],
      move: { kind: 'wait', state: 'completed' },
      caption: {
        zh: '五步五分钟跑完。它只在内存里记着一张待办清单，一份存档都没写、一行账本都没记：打断了就重跑，最多亏五分钟。',
        en: 'Five steps in five minutes. It keeps only a todo list in memory: not one checkpoint written, not one ledger row. If it is interrupted, run it again and lose five minutes at most.',
      },
      shows: { state: 'completed', ended: 'completed', checkpoints: 0, ledger: 0, loop: null, message: null },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
    {
      id: 'run-again',
      move: { kind: 'segment', design: 'article', scenario: 'script-5min' },
      caption: { zh: '再跑一次，这次让它出错。', en: 'Run it again, and this time make it fail.' },
      shows: { state: 'created', step: 1 },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
    {
      id: 'start-again',
      move: { kind: 'command', command: { type: 'START' } },
      caption: { zh: '开始：从「待跑」到「在跑」。', en: 'Start: from pending to running.' },
      shows: { state: 'running', step: 1 },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
    {
      id: 'fails-straight',
      focus: ['ended', 'ledger', 'loop', 'channel'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'timeout' } },
      yourTurn: {
        control: 'btn-fail',
        ask: { zh: '按「工具失败」。', en: 'Press Fail.' },
        expect: 'failed',
        ended: 'step_failed',
      },
      caption: {
        zh: '直接转「失败」：没有重试、没有账本、没有熔断，上下文通道里也没有恢复提示。对五分钟的脚本，这就够了。',
        en: 'It goes straight to failed: no retry, no ledger, no fuse, and no recovery hint in the context channel. For a five-minute script, that is enough.',
      },
      shows: { state: 'failed', ended: 'step_failed', ledger: 0, loop: null, message: null, checkpoints: 0 },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
    {
      id: 'long-task',
      focus: ['diagram'],
      move: { kind: 'segment', design: 'article', scenario: 'migration-40' },
      caption: {
        zh: '跨天、多人、带审批的长任务才值得完整八态。',
        en: 'Only a long task, across days and people, with approvals, is worth all eight states.',
      },
      shows: { state: 'created', step: 1, loop: 'none' },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
    {
      id: 'eight-states-earn',
      focus: ['diagram', 'step'],
      move: { kind: 'wait', state: 'waiting_approval' },
      caption: {
        zh: '四十步的迁移走到第 27 步等人：这里挂起、存档、熔断都用得上。',
        en: 'The 40-step migration waits for a person at step 27: here suspending, checkpoints and the fuse all earn their keep.',
      },
      shows: { state: 'waiting_approval', step: 27, checkpoints: 8 },
      source: '边界与取舍 · 简单任务不需要八状态',
    },
  ],
};
