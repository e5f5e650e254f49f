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
      caption: {
        zh: '换一种密度：每十步存一次，只按步数，不看是什么动作。',
        en: 'Another density: a checkpoint every ten steps, by count alone, whatever the step does.',
      },
      shows: { state: 'created', step: 1, checkpoints: 0 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'at-step-20',
      focus: ['newest', 'step'],
      move: { kind: 'wait', state: 'running', step: 20 },
      caption: {
        zh: '做完了 19 步。最新的存档是第 11 步那份（第 10 步做完时存的）。',
        en: '19 steps done. The newest checkpoint is the one at step 11, written when step 10 was done.',
      },
      shows: { state: 'running', step: 20, newest: { step: 11, trigger: 'every_n' } },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'crash-at-20',
      focus: ['down', 'stored'],
      move: { kind: 'command', command: { type: 'CRASH' } },
      caption: {
        zh: '进程崩了，盘上的存档还在。',
        en: 'The process crashes; the checkpoints on disk are still there.',
      },
      shows: { stored: 2, state: 'running', step: 20, down: 'crash' },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'restart-from-11',
      focus: ['step'],
      move: { kind: 'command', command: { type: 'RESTART' } },
      predict: 'step',
      caption: {
        zh: '重启后从第 11 步接着跑：第 11–19 步都得重做。十步一存，最多丢十步。',
        en: 'The restart goes on from step 11: steps 11–19 must be done again. Every ten steps, lose up to ten.',
      },
      shows: { state: 'running', step: 11, down: null },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'nine-wasted',
      focus: ['wasted', 'step'],
      move: { kind: 'wait', state: 'running', step: 20 },
      caption: {
        zh: '回到第 20 步时，白干了 9 步。',
        en: 'Back at step 20, 9 steps were wasted.',
      },
      shows: { state: 'running', step: 20, wasted: 9 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'article-density',
      move: { kind: 'segment', design: 'article' },
      caption: {
        zh: '同一次崩溃，换回文章的密度：关键动作前存档（危险操作、外部副作用、阶段切换）。',
        en: 'The same crash on the article’s density: checkpoints before key actions (risky operations, outside side effects, phase switches).',
      },
      shows: { state: 'created', step: 1, checkpoints: 0 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'article-at-20',
      focus: ['newest', 'step'],
      move: { kind: 'wait', state: 'running', step: 20 },
      caption: {
        zh: '又做完 19 步。最新的存档在第 15 步，转换阶段开始时存的。',
        en: '19 steps done again. The newest checkpoint is at step 15, written when the transform phase began.',
      },
      shows: { state: 'running', step: 20, newest: { step: 15, trigger: 'phase_switch' } },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'article-crash',
      focus: ['down'],
      move: { kind: 'command', command: { type: 'CRASH' } },
      caption: { zh: '同样的崩溃。', en: 'The same crash.' },
      shows: { state: 'running', step: 20, down: 'crash' },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'restart-from-15',
      focus: ['step'],
      move: { kind: 'command', command: { type: 'RESTART' } },
      yourTurn: {
        control: 'btn-restart',
        ask: { zh: '按「重启」：这次退回第几步？', en: 'Press Restart: which step does it fall back to this time?' },
        expect: 'running',
      },
      caption: {
        zh: '退回第 15 步，只重做 5 步，而且都不碰外部世界：碰外部世界的第 24–26 步前各有一份存档。存得密不等于存得对，存在关键动作前才划算。',
        en: 'Back to step 15: only 5 steps to redo, none touching the outside world, since steps 24–26, which do, each get a checkpoint first. Denser is not the point; before key actions is.',
      },
      shows: { state: 'running', step: 15, down: null },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
  ],
};
