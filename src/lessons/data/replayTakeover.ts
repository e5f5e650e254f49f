import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/** Lesson 7: failure replay and human takeover, both on the one checkpoint the run keeps. */
export const replayTakeover: Lesson = {
  ...LESSON_META.replayTakeover,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'at-step-4',
      focus: ['step'],
      move: { kind: 'wait', state: 'running', step: 4 },
      caption: { zh: '跑到第 4 步：统计各表行数。', en: 'At step 4: count the rows of each table.' },
      shows: { state: 'running', step: 4 },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'failure-saved',
      focus: ['newest', 'loop'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'permission_denied' } },
      yourTurn: {
        control: 'btn-fail',
        ask: { zh: '让它失败一次（permission_denied）。', en: 'Make it fail once (permission_denied).' },
        expect: 'tool_failed',
      },
      caption: {
        zh: '失败先落盘：存档里有「上次错在哪、用什么输入错的」。',
        en: 'The failure is saved first: the checkpoint says where it went wrong and with which input.',
      },
      shows: {
        state: 'tool_failed',
        step: 4,
        loop: 'counting',
        count: 1,
        newest: { step: 4, trigger: 'failure', state: 'tool_failed' },
      },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'failure-replay',
      focus: ['ledger', 'loop'],
      move: { kind: 'replay_failure' },
      caption: {
        zh: '失败复现：用记下的输入和种子原地重放，得到同一个错误。',
        en: 'Failure replay: re-run with the recorded input and seed, and the same error comes back.',
      },
      shows: { state: 'tool_failed', step: 4, count: 1, ledger: 4 },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'fuse-to-person',
      focus: ['loop', 'ended', 'channel'],
      move: { kind: 'command', command: { type: 'FAIL_NOW', error: 'permission_denied' }, times: 2 },
      caption: {
        zh: '再错两次：提醒，然后熔断，交还给人。',
        en: 'Two more failures: a reminder, then the fuse, and it is handed to a person.',
      },
      shows: { state: 'failed', step: 4, ended: 'loop_fuse', loop: 'fused', count: 3 },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
    {
      id: 'human-takeover',
      focus: ['newest', 'ledger'],
      move: { kind: 'takeover', edit: { kind: 'mark_done', step: 4 } },
      caption: {
        zh: '人工接管：人从存档接手，手工把第 4 步标成完成（账本记为 human），再交还。存档对人是可读的。',
        en: 'Human takeover: a person takes the checkpoint, marks step 4 done by hand (the ledger says human), and hands it back. The checkpoint is readable by people.',
      },
      shows: { state: 'running', step: 5, ended: null, newest: { step: 5, trigger: 'manual', state: 'running' } },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'completed',
      focus: ['ended', 'requests'],
      move: { kind: 'finish' },
      caption: {
        zh: '从第 5 步接着跑到完成（第 27 步照常批准）。中断恢复、失败复现、人工接管，共用同一份存档。',
        en: 'It goes on from step 5 to the end (approving step 27 as usual). Resume, replay and takeover share one checkpoint.',
      },
      shows: { state: 'completed', ended: 'completed', requests: 1 },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
  ],
};
