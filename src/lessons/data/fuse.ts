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
      caption: {
        zh: '跑到第 3 步。计数器盯的是「工具 + 参数 + 错误类型」。',
        en: 'At step 3. The counter watches tool + args + error type.',
      },
      shows: { state: 'running', step: 3, loop: 'none', guard: 'article' },
      source: '边界与取舍 · 熔断会误伤正当的绕路',
    },
    {
      id: 'count-1',
      focus: ['loop', 'ledger'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'not_found' } },
      yourTurn: {
        control: 'btn-fail',
        ask: { zh: '按「工具失败」一次。', en: 'Press Fail once.' },
        expect: 'tool_failed',
      },
      caption: {
        zh: '第一段：计数。账本记下错误，这个键数到 1。',
        en: 'Stage one: count. The ledger records the error; this key counts 1.',
      },
      shows: { state: 'tool_failed', step: 3, loop: 'counting', count: 1, ledger: 3, message: 'recovery-hint' },
      source: '其余技术定义 · 步骤账本',
    },
    {
      id: 'remind-2',
      focus: ['loop', 'channel'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'not_found' } },
      caption: {
        zh: '第二段：提醒。同一个键数到 2，经 system-reminder 通道注入一条提醒。',
        en: 'Stage two: remind. The same key counts 2, and a reminder is injected through the system-reminder channel.',
      },
      shows: { state: 'tool_failed', step: 3, loop: 'reminded', count: 2, message: 'reminder' },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'fuse-3',
      focus: ['loop', 'ended'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'not_found' } },
      yourTurn: {
        control: 'btn-fail',
        ask: { zh: '再按一次，它提醒过了还是原样重试。', en: 'Press it once more: reminded, it still retries as is.' },
        expect: 'failed',
        ended: 'loop_fuse',
      },
      caption: {
        zh: '第三段：熔断。转 failed 交还给人，当轮不再执行。',
        en: 'Stage three: fuse. It goes to failed and is handed back to a person; the step is not run again.',
      },
      shows: { state: 'failed', step: 3, ended: 'loop_fuse', loop: 'fused', count: 3 },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'ten-profiles',
      move: { kind: 'segment', design: 'article', scenario: 'enumerate' },
      caption: {
        zh: '再看一个「看起来在原地打转」的任务：逐个试十种连接配置。',
        en: 'Now a task that looks like a loop: ten connection profiles, tried one by one.',
      },
      shows: { state: 'created', step: 1, guard: 'article' },
      source: '边界与取舍 · 熔断会误伤正当的绕路',
    },
    {
      id: 'new-key-no-fuse',
      focus: ['ledger', 'loop', 'ended'],
      move: { kind: 'wait', state: 'completed' },
      caption: {
        zh: '每次换了参数，就是新的键、新的计数：失败六次，第 7 个配置成功，没有熔断。',
        en: 'Each try has other args, so a new key and a new count: six failures, the 7th profile works, no fuse.',
      },
      shows: { state: 'completed', ended: 'completed', ledger: 10 },
      source: '边界与取舍 · 熔断会误伤正当的绕路',
    },
    {
      id: 'coarse-guard',
      focus: ['guard'],
      move: { kind: 'segment', design: 'article', scenario: 'enumerate', config: { guard: 'tool-only' } },
      caption: {
        zh: '换一个粗粒度的守卫：只看工具、不看参数，也不先提醒，同一个工具失败三次就熔断。尝试上限仍是 10，高于提醒阈值。看设计标签。',
        en: 'Now a coarse guard: it keys on the tool alone, not the args, and never reminds; three failures of one tool trip the fuse. The attempt limit stays 10, above the reminder threshold. See the design badge.',
      },
      shows: { state: 'created', step: 1, guard: 'tool-only' },
      source: '边界与取舍 · 熔断会误伤正当的绕路',
    },
    {
      id: 'coarse-fuse-trips',
      focus: ['loop', 'ended', 'ledger'],
      move: { kind: 'finish' },
      caption: {
        zh: '试到第 3 个配置就熔断（loop_fuse），可第 7 个本来能通：这就是误伤正当的绕路。文章的键带上参数，还先提醒，才放得过它。',
        en: 'The fuse trips at the 3rd profile (loop_fuse), while the 7th would have worked: a legitimate detour, killed. The article’s key includes the args, and reminds first, so it lets the detour through.',
      },
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
