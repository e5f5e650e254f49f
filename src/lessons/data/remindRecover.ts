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
      caption: 'lesson.remind-recover.at-step-4.caption',
      shows: { state: 'running', step: 4, loop: 'none' },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'timeout-counts-1',
      focus: ['loop', 'ledger'],
      move: { kind: 'command', command: { type: 'TICK' } },
      caption: 'lesson.remind-recover.timeout-counts-1.caption',
      shows: { state: 'tool_failed', step: 4, loop: 'counting', count: 1, message: 'recovery-hint' },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'reminder-at-2',
      focus: ['loop', 'channel'],
      move: { kind: 'command', command: { type: 'TICK' }, times: 2 },
      caption: 'lesson.remind-recover.reminder-at-2.caption',
      shows: { state: 'tool_failed', step: 4, loop: 'reminded', count: 2, message: 'reminder' },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'changes-approach',
      focus: ['channel', 'loop'],
      move: { kind: 'command', command: { type: 'TICK' } },
      yourTurn: {
        control: 'btn-step',
        ask: 'lesson.remind-recover.changes-approach.yourTurn.ask',
        expect: 'running',
      },
      caption: 'lesson.remind-recover.changes-approach.caption',
      shows: { state: 'running', step: 4, count: 2 },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'new-key-step-5',
      focus: ['step', 'ledger', 'loop'],
      move: { kind: 'command', command: { type: 'TICK' } },
      caption: 'lesson.remind-recover.new-key-step-5.caption',
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
      caption: 'lesson.remind-recover.deaf-model.caption',
      shows: { state: 'created', step: 1 },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'deaf-model-fuses',
      focus: ['loop', 'ended'],
      move: { kind: 'wait', state: 'failed' },
      caption: 'lesson.remind-recover.deaf-model-fuses.caption',
      shows: { state: 'failed', step: 4, ended: 'loop_fuse', loop: 'fused', count: 3 },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'coarse-no-reminder',
      focus: ['guard'],
      move: { kind: 'segment', design: 'article', config: { heedReminder: 1, guard: 'tool-only' } },
      caption: 'lesson.remind-recover.coarse-no-reminder.caption',
      shows: { state: 'created', step: 1, guard: 'tool-only' },
      source: '边界与取舍 · 熔断会误伤正当的绕路',
    },
    {
      id: 'coarse-fuses',
      focus: ['loop', 'ended', 'guard'],
      move: { kind: 'wait', state: 'failed' },
      caption: 'lesson.remind-recover.coarse-fuses.caption',
      shows: { state: 'failed', step: 4, ended: 'loop_fuse', loop: 'fused', count: 3, guard: 'tool-only' },
      source: '边界与取舍 · 熔断会误伤正当的绕路',
    },
  ],
};
