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
      caption: {
        zh: '这个任务会两次碰到同一个错：第 3 步和第 27 步都是 not_found。盯住上下文通道里的恢复提示。',
        en: 'This task hits the same error twice: not_found at step 3 and at step 27. Watch the recovery hint in the context channel.',
      },
      shows: { state: 'running', step: 3, message: null },
      source: '其余技术定义 · 上下文感知的错误恢复提示',
    },
    {
      id: 'not-found-hint',
      focus: ['channel', 'step'],
      move: { kind: 'command', command: { type: 'TICK' } },
      caption: {
        zh: '第 3 步读配置：文件没找到。这一步之前没有任何产物改过名，提示说：多半是路径写错或文件还没写出来，先看一眼目录、核对路径再试。',
        en: 'Step 3 reads the config: file not found. No artifact has been renamed before this step, so the hint says: most likely a wrong path or a file not written yet; re-read the directory, check the path, then retry.',
      },
      shows: { state: 'tool_failed', step: 3, loop: 'counting', count: 1, message: 'recovery-hint' },
      source: '其余技术定义 · 上下文感知的错误恢复提示',
    },
    {
      id: 'path-fixed-asks-27',
      focus: ['step', 'requests'],
      move: { kind: 'wait', state: 'waiting_approval', step: 27 },
      caption: {
        zh: '模型照提示核对了路径（.yaml 不是 .yml），第 3 步过了。一路跑到第 27 步，这一步要改库结构，先等人批。',
        en: 'Following the hint, the model checks the path (.yaml, not .yml) and step 3 goes through. On to step 27, which changes the schema and waits for approval first.',
      },
      shows: { state: 'waiting_approval', step: 27, requests: 1 },
      source: '其余技术定义 · 上下文感知的错误恢复提示',
    },
    {
      id: 'approved',
      focus: ['step'],
      move: { kind: 'command', command: { type: 'APPROVE' } },
      yourTurn: {
        control: 'btn-approve',
        ask: { zh: '按「批准」，让第 27 步跑起来。', en: 'Press Approve and let step 27 run.' },
        expect: 'running',
      },
      caption: {
        zh: '批准，回到 running。第 27 步的计划是在第 18 步之前写的，它还写着旧文件名。',
        en: 'Approved, back in running. Step 27’s plan was written before step 18, so it still names the old file.',
      },
      shows: { state: 'running', step: 27 },
      source: '其余技术定义 · 上下文感知的错误恢复提示',
    },
    {
      id: 'renamed-hint',
      focus: ['channel'],
      move: { kind: 'command', command: { type: 'TICK' } },
      caption: {
        zh: '同样是 not_found，提示却不同：产物引用显示第 18 步把 orders.csv 改名为 orders_v2.csv，它直说用新名字。只说「没找到，请重试」，模型会对着旧名再撞一次。',
        en: 'The same not_found, another hint: from the artifact refs it sees that step 18 renamed orders.csv to orders_v2.csv, and says “use the new name”. A bare “file not found, retry” would send the model at the old name again.',
      },
      shows: { state: 'tool_failed', step: 27, loop: 'counting', count: 1, message: 'recovery-hint' },
      source: '其余技术定义 · 上下文感知的错误恢复提示',
    },
    {
      id: 'completed',
      focus: ['ended', 'ledger'],
      move: { kind: 'finish' },
      caption: {
        zh: '用新名字一次就过，任务跑完。提示 = 错误本身 + 任务做过什么（账本、产物引用、计划）。',
        en: 'With the new name it goes through at once, and the task completes. A hint is the error plus what the task has done (the ledger, the artifact refs, the plan).',
      },
      shows: { state: 'completed', ended: 'completed', requests: 1 },
      source: '其余技术定义 · 上下文感知的错误恢复提示',
    },
  ],
};
