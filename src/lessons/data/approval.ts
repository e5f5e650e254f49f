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
      caption: {
        zh: '第 27 步被权限判为要人裁决：先落盘（before_suspend），再转入 waiting_approval 挂起。',
        en: 'Permissions say step 27 needs a person: it checkpoints first (before_suspend), then suspends in waiting_approval.',
      },
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
      caption: {
        zh: '主循环空转轮询三次：不调模型、不花 token，也不重发请求——弹窗只弹一次。',
        en: 'The loop polls three times: no model call, no tokens, no second request. The prompt is shown once.',
      },
      shows: { state: 'waiting_approval', step: 27, requests: 1 },
      source: '自测',
    },
    {
      id: 'reject-as-failure',
      focus: ['ledger'],
      move: { kind: 'command', command: { type: 'REJECT', reason: 'back up the orders table first' } },
      yourTurn: {
        control: 'btn-reject',
        ask: {
          zh: '拒绝它，理由写「先备份 orders 表」。',
          en: 'Reject it, with the reason “back up the orders table first”.',
        },
        expect: 'tool_failed',
      },
      caption: {
        zh: '拒绝按 tool_failed 处理：理由作为工具结果记进步骤账本。',
        en: 'A rejection is handled as tool_failed: the reason goes into the step ledger as the tool’s result.',
      },
      shows: { state: 'tool_failed', step: 27, message: 'recovery-hint', newest: { trigger: 'failure' } },
      source: '八状态与转移',
    },
    {
      id: 'new-request',
      focus: ['plan', 'ledger', 'step', 'requests'],
      move: { kind: 'wait', state: 'waiting_approval' },
      caption: {
        zh: '模型照理由改了计划，不是盲试原样的调用：计划升到第 2 版，新的第 27 步先备份 orders 表并跑完；变更顺延为第 28 步，再次请求审批——这是一个新请求。',
        en: 'The model acts on the reason instead of blindly asking again: the plan goes to version 2, a new step 27 backs up the orders table and runs; the change, now step 28, asks for approval again. This is a new request.',
      },
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
      yourTurn: { control: 'btn-approve', ask: { zh: '这次批准它。', en: 'Approve it this time.' }, expect: 'running' },
      caption: {
        zh: '批准即读档：从挂起前的存档续跑，回到 running。',
        en: 'Approving reads the checkpoint: it goes on from the one written before suspending, back in running.',
      },
      shows: { state: 'running', step: 28, requests: 2, newest: { trigger: 'before_suspend', step: 28 } },
      source: '自测',
    },
    {
      id: 'completed',
      focus: ['ended'],
      move: { kind: 'finish' },
      caption: {
        zh: '跑完了。人来得早或晚，进度都不丢。',
        en: 'Done. Whether the person came early or late, no progress was lost.',
      },
      shows: { state: 'completed', ended: 'completed', wasted: 0 },
      source: '自测',
    },
  ],
};
