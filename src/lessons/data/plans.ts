import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/**
 * One-shot against dynamic plans, the plan snapshot and the todo list (八状态与转移 · 一次性计划
 * vs 动态计划, 待办清单; Checkpoint 存什么): a one-shot plan's snapshot is a pointer; a dynamic plan
 * revised at step 5 (running → planning, this simulator's extension edge) is checkpointed with
 * its version and remaining steps, and a restart reads the todo list back first.
 */
export const plans: Lesson = {
  ...LESSON_META.plans,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'one-shot',
      focus: ['cp-plan', 'plan'],
      move: { kind: 'wait', state: 'running', step: 3 },
      caption: {
        zh: '一次性计划：开工前拆完全部 40 步。计划不会变，存档里的计划快照只要一个指针：版本 1、游标、总步数。',
        en: 'A one-shot plan: all 40 steps are planned before work starts. The plan does not change, so the checkpoint’s plan snapshot is only a pointer: version 1, the cursor, the total.',
      },
      shows: { state: 'running', step: 3, plan: { version: 1, steps: 40 } },
      source: '八状态与转移',
    },
    {
      id: 'dynamic-v1',
      focus: ['plan'],
      move: { kind: 'segment', design: 'article', scenario: 'dynamic-plan' },
      caption: {
        zh: '动态计划：边跑边调整。一个六步的小迁移，先按第 1 版计划跑。',
        en: 'A dynamic plan is adjusted as it runs. A six-step migration, run on version 1 of its plan.',
      },
      shows: { state: 'created', step: 1 },
      source: '八状态与转移',
    },
    {
      id: 'at-step-5',
      focus: ['step', 'plan'],
      move: { kind: 'wait', state: 'running', step: 5 },
      caption: {
        zh: '跑到第 5 步，计划还是第 1 版，六步。',
        en: 'At step 5, still on version 1 of the plan: six steps.',
      },
      shows: { state: 'running', step: 5, plan: { version: 1, steps: 6 } },
      source: '八状态与转移',
    },
    {
      id: 'replan',
      focus: ['diagram', 'step'],
      move: { kind: 'command', command: { type: 'TICK' } },
      caption: {
        zh: '第 5 步发现一张没列出的表，模型改计划：running → planning。这条回边是本模拟器为动态计划加的扩展，文章的图只有两条回边（图上画成虚线）。',
        en: 'At step 5 an unlisted table turns up and the model revises the plan: running → planning. That loop-back is this simulator’s extension for dynamic plans; the article’s figure has two (it is drawn dashed).',
      },
      shows: { state: 'planning', step: 5, plan: { version: 2, steps: 9 } },
      source: '八状态与转移',
    },
    {
      id: 'plan-v2',
      focus: ['plan', 'cp-plan', 'newest'],
      move: { kind: 'command', command: { type: 'TICK' } },
      caption: {
        zh: '回到 running，第 2 版计划九步。这回存档里的计划快照带着版本 2 和剩下的步骤本身：动态计划里计划也是要存档的一部分。',
        en: 'Back in running on version 2, nine steps. Now the checkpoint’s plan snapshot holds version 2 and the remaining steps themselves: in a dynamic plan the plan is part of what is checkpointed.',
      },
      shows: { state: 'running', step: 5, plan: { version: 2, steps: 9 }, newest: { step: 5 } },
      source: 'Checkpoint 存什么',
    },
    {
      id: 'crash-after-replan',
      focus: ['down'],
      move: { kind: 'command', command: { type: 'CRASH' } },
      caption: {
        zh: '进程崩了：内存里的计划和清单都没了。',
        en: 'The process crashes: the plan and the list in memory are gone.',
      },
      shows: { state: 'running', step: 5, down: 'crash' },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'todo-read-back',
      focus: ['cp-todos', 'cp-plan', 'plan', 'step'],
      move: { kind: 'command', command: { type: 'RESTART' } },
      yourTurn: {
        control: 'btn-restart',
        ask: {
          zh: '按「重启」：它还知道计划改过版吗？',
          en: 'Press Restart: does it still know the plan was revised?',
        },
        expect: 'running',
      },
      caption: {
        zh: '知道。恢复后第一件事是把待办清单读回来：第 2 版、九步，前 4 步划掉了，接着做第 5 步。进度感不靠回忆，靠这张纸。',
        en: 'It does. The first thing a resume does is read the todo list back: version 2, nine steps, the first 4 crossed off, step 5 next. The sense of progress comes from that sheet, not from memory.',
      },
      shows: { state: 'running', step: 5, down: null, plan: { version: 2, steps: 9 } },
      source: '八状态与转移',
    },
    {
      id: 'completed-v2',
      focus: ['ended', 'plan'],
      move: { kind: 'finish' },
      caption: {
        zh: '按第 2 版跑完九步。',
        en: 'All nine steps of version 2 done.',
      },
      shows: { state: 'completed', ended: 'completed', plan: { version: 2, steps: 9 } },
      source: '八状态与转移',
    },
  ],
};
