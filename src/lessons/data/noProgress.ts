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
      caption: { zh: '跑到第 5 步。', en: 'At step 5.' },
      shows: { state: 'running', step: 5, loop: 'none' },
      source: '动手：转移、存档与熔断',
    },
    {
      id: 'no-progress-1',
      focus: ['loop', 'ledger'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'no_progress' } },
      caption: {
        zh: '同一个调用返回和上次一样，没有工具报错，照样记一次：无失败也查。文章在 running 里查出它；模拟器记成合成的 no_progress 失败，所以图上经过 tool_failed。',
        en: 'The same call returns what it did before, with no tool error; the guard counts it anyway: it checks without a failure too. The article catches it in running; here it is recorded as a synthetic no_progress failure, so the diagram passes tool_failed.',
      },
      shows: { state: 'tool_failed', step: 5, loop: 'counting', count: 1, message: 'recovery-hint' },
      source: '动手：转移、存档与熔断',
    },
    {
      id: 'no-progress-remind',
      focus: ['channel', 'loop'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'no_progress' } },
      caption: {
        zh: '第二次没有进展：注入提醒，说的是「没有进展：同一个调用已经 2 次返回同样的结果」，不是「失败了」。',
        en: 'No progress a second time: a reminder is injected, and it says “No progress: the same call has returned the same result 2 times”, not that it failed.',
      },
      shows: { state: 'tool_failed', step: 5, loop: 'reminded', count: 2, message: 'reminder' },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'no-progress-fuse',
      focus: ['loop', 'ended'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'no_progress' } },
      yourTurn: {
        control: 'btn-fail',
        ask: {
          zh: '错误类型选 no_progress，再按一次「工具失败」。',
          en: 'Pick no_progress as the error type and press Fail once more.',
        },
        expect: 'failed',
        ended: 'loop_fuse',
      },
      caption: {
        zh: '第三次就熔断。模型反复产出相同动作没有进展，和反复失败一样要有人喊停。',
        en: 'The third trips the fuse. A model repeating the same action with no progress needs stopping as much as one that keeps failing.',
      },
      shows: { state: 'failed', step: 5, ended: 'loop_fuse', loop: 'fused', count: 3 },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
  ],
};
