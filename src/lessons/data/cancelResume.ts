import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/**
 * Cancel, then resume from a checkpoint (其余技术定义 · 中断恢复、失败复现与人工接管; the article's
 * own interactive tool lists it): cancelled is terminal, and going on is a new branch forked
 * from the checkpoint written before the run suspended.
 */
export const cancelResume: Lesson = {
  ...LESSON_META.cancelResume,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'waits-at-27',
      focus: ['step', 'stored', 'newest'],
      move: { kind: 'wait', state: 'waiting_approval' },
      caption: {
        zh: '第 27 步等人批，挂起前的存档已经落盘。这次来的人决定：今天先不做了。',
        en: 'Step 27 waits for approval, and the checkpoint written before suspending is on disk. The person who comes decides: not today.',
      },
      shows: {
        stored: 8,
        state: 'waiting_approval',
        step: 27,
        newest: { step: 27, trigger: 'before_suspend', state: 'waiting_approval' },
      },
      source: '动手：转移、存档与熔断',
    },
    {
      id: 'cancelled',
      focus: ['ended', 'newest'],
      move: { kind: 'command', command: { type: 'CANCEL' } },
      yourTurn: {
        control: 'btn-cancel',
        ask: { zh: '按「取消」。', en: 'Press Cancel.' },
        expect: 'cancelled',
        ended: 'cancelled',
      },
      caption: {
        zh: 'cancelled 是终态：运行就此结束，最后一份存档（terminal）记下它停在哪里。它自己不会再往下跑。',
        en: 'cancelled is a terminal state: the run ends here, and a last checkpoint (terminal) records where it stood. It will not go on by itself.',
      },
      shows: { state: 'cancelled', step: 27, ended: 'cancelled', newest: { trigger: 'terminal', state: 'cancelled' } },
      source: '八状态与转移',
    },
    {
      id: 'fork-branch',
      focus: ['newest', 'stored', 'step', 'clock', 'wasted'],
      move: { kind: 'fork' },
      caption: {
        zh: '要接着做时，从历史里最新的非终态存档分叉出一条新分支——挂起前那份。新分支站在存档的位置（时钟也是存档里的）：第 27 步，等审批，前 26 步都算做完。',
        en: 'To go on with the work, fork a new branch from the newest checkpoint in the history that is not the end: the one written before suspending. The branch stands where it stood, clock included: step 27, waiting for approval, 26 steps done.',
      },
      shows: { stored: 1, state: 'waiting_approval', step: 27, ended: null, wasted: 0 },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'approve-branch',
      focus: ['newest'],
      move: { kind: 'command', command: { type: 'APPROVE' } },
      caption: {
        zh: '这次批了：从挂起前的存档续跑，回到 running。',
        en: 'This time it is approved: it goes on from the checkpoint written before suspending, back in running.',
      },
      shows: { state: 'running', step: 27 },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'branch-completes',
      focus: ['ended', 'wasted'],
      move: { kind: 'finish' },
      caption: {
        zh: '新分支跑完，一步没重做；被取消的那次运行原样留在运行列表里。',
        en: 'The branch completes without redoing a step; the cancelled run stays in the runs list as it ended.',
      },
      shows: { state: 'completed', ended: 'completed', wasted: 0 },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
  ],
};
