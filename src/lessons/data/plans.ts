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
      caption: 'lesson.plans.one-shot.caption',
      shows: { state: 'running', step: 3, plan: { version: 1, steps: 40 } },
      source: '八状态与转移',
    },
    {
      id: 'dynamic-v1',
      focus: ['plan'],
      move: { kind: 'segment', design: 'article', scenario: 'dynamic-plan' },
      caption: 'lesson.plans.dynamic-v1.caption',
      shows: { state: 'created', step: 1 },
      source: '八状态与转移',
    },
    {
      id: 'at-step-5',
      focus: ['step', 'plan'],
      move: { kind: 'wait', state: 'running', step: 5 },
      caption: 'lesson.plans.at-step-5.caption',
      shows: { state: 'running', step: 5, plan: { version: 1, steps: 6 } },
      source: '八状态与转移',
    },
    {
      id: 'replan',
      focus: ['diagram', 'step'],
      move: { kind: 'command', command: { type: 'TICK' } },
      caption: 'lesson.plans.replan.caption',
      shows: { state: 'planning', step: 5, plan: { version: 2, steps: 9 } },
      source: '八状态与转移',
    },
    {
      id: 'plan-v2',
      focus: ['plan', 'cp-plan', 'newest'],
      move: { kind: 'command', command: { type: 'TICK' } },
      caption: 'lesson.plans.plan-v2.caption',
      shows: { state: 'running', step: 5, plan: { version: 2, steps: 9 }, newest: { step: 5 } },
      source: 'Checkpoint 存什么',
    },
    {
      id: 'crash-after-replan',
      focus: ['down'],
      move: { kind: 'command', command: { type: 'CRASH' } },
      caption: 'lesson.plans.crash-after-replan.caption',
      shows: { state: 'running', step: 5, down: 'crash' },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'todo-read-back',
      focus: ['cp-todos', 'cp-plan', 'plan', 'step'],
      move: { kind: 'command', command: { type: 'RESTART' } },
      yourTurn: {
        control: 'btn-restart',
        ask: 'lesson.plans.todo-read-back.yourTurn.ask',
        expect: 'running',
      },
      caption: 'lesson.plans.todo-read-back.caption',
      shows: { state: 'running', step: 5, down: null, plan: { version: 2, steps: 9 } },
      source: '八状态与转移',
    },
    {
      id: 'completed-v2',
      focus: ['ended', 'plan'],
      move: { kind: 'finish' },
      caption: 'lesson.plans.completed-v2.caption',
      shows: { state: 'completed', ended: 'completed', plan: { version: 2, steps: 9 } },
      source: '八状态与转移',
    },
  ],
};
