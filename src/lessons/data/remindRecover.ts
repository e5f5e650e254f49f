import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/**
 * Why remind before the fuse (其余技术定义 · 死循环识别与行为干预): a query that times out the same
 * way each time, a model that changes its approach when reminded (heedReminder 1), the count
 * starting again on the new key, the run going on; then a model that ignores the reminder, and
 * the coarse guard that never reminds, both fused. These failures are the scenario's, not
 * injected: an injected failure is forced and the model's answer to a reminder is left out.
 */
export const remindRecover: Lesson = {
  ...LESSON_META.remindRecover,
  scenario: 'stuck-query',
  seed: 1,
  design: 'article',
  config: { heedReminder: 1 },
  stops: [
    {
      id: 'at-step-4',
      focus: ['step', 'loop'],
      move: { kind: 'wait', state: 'running', step: 4 },
      caption: {
        zh: '第 4 步要数每张表的行数。这条查询原样去跑每次都会超时，除非模型换一种做法。这次的模型听得进提醒。',
        en: 'Step 4 counts the rows of each table. Run as it is, this query times out every time, unless the model changes its approach. This model listens to a reminder.',
      },
      shows: { state: 'running', step: 4, loop: 'none' },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'timeout-counts-1',
      focus: ['loop', 'ledger'],
      move: { kind: 'command', command: { type: 'TICK' } },
      caption: {
        zh: '超时：转 tool_failed，账本记下，这个键（工具 + 参数 + 错误类型）数到 1，附一条恢复提示。',
        en: 'A timeout: tool_failed, written in the ledger; this key (tool + args + error type) counts 1, and a recovery hint comes with it.',
      },
      shows: { state: 'tool_failed', step: 4, loop: 'counting', count: 1, message: 'recovery-hint' },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'reminder-at-2',
      focus: ['loop', 'channel'],
      move: { kind: 'command', command: { type: 'TICK' }, times: 2 },
      caption: {
        zh: '它原样重试，又超时：同一个键数到 2，达到提醒阈值，下一次重试前经 system-reminder 注入一条提醒：「同一操作已失败 2 次……请换一种做法」。',
        en: 'It retries as is and times out again: the same key counts 2, the reminder threshold, and before the next retry a system-reminder is injected: “The same call has failed 2 times … Change the approach.”',
      },
      shows: { state: 'tool_failed', step: 4, loop: 'reminded', count: 2, message: 'reminder' },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'changes-approach',
      focus: ['channel', 'loop'],
      move: { kind: 'command', command: { type: 'TICK' } },
      yourTurn: {
        control: 'btn-step',
        ask: {
          zh: '按「单步」，让它带着提醒再试一次。',
          en: 'Press Step: it tries again, with the reminder in its context.',
        },
        expect: 'running',
      },
      caption: {
        zh: '回到 running 重试。模型读到了提醒，这次换了做法：不再逐行 count(*)，改查数据库自己的统计（pg_stat_user_tables）——是另一条调用，不是原样重发。',
        en: 'Back in running to retry. The model has read the reminder and changes its approach: instead of count(*) over every row, it asks the database’s own statistics (pg_stat_user_tables). Another call, not the same one sent again.',
      },
      shows: { state: 'running', step: 4, count: 2 },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'new-key-step-5',
      focus: ['step', 'ledger', 'loop'],
      move: { kind: 'command', command: { type: 'TICK' } },
      caption: {
        zh: '新做法通过了，跑到第 5 步。新查询是一个新的键，它从 0 数起；旧键的 2 次留在账本里。文章说「先提醒（计数重置）」，本模拟器的读法是：换了键才重新计数，光提醒不清零。',
        en: 'The new approach goes through: step 5. The new query is a new key, counted from 0; the old key’s 2 stay in the ledger. The article’s “remind first (count reset)” is read here as: a new key restarts the count; a reminder alone does not.',
      },
      shows: {
        state: 'running',
        step: 5,
        loop: 'none',
        count: 0,
        ledger: 6,
        call: { step: 4, args: '{"sql":"SELECT relname, n_live_tup FROM pg_stat_user_tables"}', changed: true },
      },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'deaf-model',
      move: { kind: 'segment', design: 'article', config: { heedReminder: 0 } },
      caption: {
        zh: '同一步，换一个听不进提醒的模型。',
        en: 'The same step, with a model that does not listen to the reminder.',
      },
      shows: { state: 'created', step: 1 },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'deaf-model-fuses',
      focus: ['loop', 'ended'],
      move: { kind: 'wait', state: 'failed' },
      caption: {
        zh: '提醒过了它还是原样重试，第三次超时就熔断：转 failed 交还给人。提醒给模型一次自己改的机会；熔断管的是它不改的时候。',
        en: 'Reminded, it still retries as is, and the third timeout trips the fuse: failed, back to a person. The reminder gives the model one chance to change; the fuse is for when it does not.',
      },
      shows: { state: 'failed', step: 4, ended: 'loop_fuse', loop: 'fused', count: 3 },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'coarse-no-reminder',
      focus: ['guard'],
      move: { kind: 'segment', design: 'article', config: { heedReminder: 1, guard: 'tool-only' } },
      caption: {
        zh: '再换回听得进提醒的模型，但用不提醒的粗粒度守卫。',
        en: 'Back to the model that listens, but with the coarse guard that never reminds.',
      },
      shows: { state: 'created', step: 1, guard: 'tool-only' },
      source: '边界与取舍 · 熔断会误伤正当的绕路',
    },
    {
      id: 'coarse-fuses',
      focus: ['loop', 'ended', 'guard'],
      move: { kind: 'wait', state: 'failed' },
      caption: {
        zh: '没有提醒，模型就不知道该换做法：三次超时后熔断。跳过提醒，能自己走出来的任务也被掐断了。',
        en: 'With no reminder, the model never learns it should change: three timeouts and the fuse trips. Skip the reminder, and a task that could have found its own way out is cut off.',
      },
      shows: { state: 'failed', step: 4, ended: 'loop_fuse', loop: 'fused', count: 3, guard: 'tool-only' },
      source: '边界与取舍 · 熔断会误伤正当的绕路',
    },
  ],
};
