import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/** Lesson 4: what a checkpoint holds (position, not luggage) and how dense to make them. */
export const density: Lesson = {
  ...LESSON_META.density,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'five-marked',
      focus: ['newest', 'cp-done', 'cp-refs', 'cp-todos', 'cp-plan', 'sizes', 'step'],
      move: { kind: 'wait', state: 'waiting_approval' },
      caption: {
        zh: '第 27 步的存档里，①–⑤ 标出文章要的五样：状态与步骤号、已完成清单、产物引用、待办与计划快照；其余字段供复现与审批用。不存消息历史，所以不到 LangGraph 式全量状态的十分之一。',
        en: 'In the checkpoint at step 27 the article’s five are marked ①–⑤: state and step, steps done, artifact refs, the todo and plan snapshots. The rest serves replay and approval. With no message history it is under a tenth of a LangGraph-style full state.',
      },
      shows: { stored: 8, state: 'waiting_approval', step: 27, checkpoints: 8, fullStateTimes: 10 },
      source: 'Checkpoint 存什么',
    },
    {
      id: 'every-step',
      move: { kind: 'segment', design: 'every-step' },
      caption: {
        zh: '换成每步一存，再跑到第 27 步。',
        en: 'Now checkpoint after every step, and run to step 27 again.',
      },
      shows: { state: 'created', step: 1, checkpoints: 0 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'every-step-at-27',
      focus: ['checkpoints'],
      move: { kind: 'wait', state: 'waiting_approval' },
      caption: {
        zh: '到这里已经存了 28 份，文章的设计只存了 8 份：每步一存，慢且冗余。',
        en: '28 checkpoints by now, where the article’s design wrote 8: every step is slow and redundant.',
      },
      shows: { state: 'waiting_approval', step: 27, checkpoints: 28 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'before-key-actions',
      move: { kind: 'segment', design: 'article' },
      caption: {
        zh: '回到文章的设计：存档点在关键动作前——危险操作、外部副作用、阶段切换。',
        en: 'Back to the article’s design: checkpoints before key actions: risky operations, outside side effects, phase switches.',
      },
      shows: { state: 'created', step: 1 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'at-step-14',
      focus: ['step', 'newest'],
      move: { kind: 'wait', state: 'running', step: 14 },
      caption: {
        zh: '跑到第 14 步。最新的存档是第 7 步导出阶段开始时那份。',
        en: 'At step 14. The newest checkpoint is the one from step 7, where the export phase began.',
      },
      shows: { state: 'running', step: 14, newest: { step: 7, trigger: 'phase_switch' } },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'crash-at-14',
      focus: ['down', 'stored'],
      move: { kind: 'command', command: { type: 'CRASH' } },
      caption: {
        zh: '进程崩了：内存里的东西全没了，盘上的存档还在。',
        en: 'The process crashes: what was in memory is gone, the checkpoints on disk are not.',
      },
      shows: { stored: 2, state: 'running', step: 14, down: 'crash' },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'restart-from-7',
      focus: ['step'],
      move: { kind: 'command', command: { type: 'RESTART' } },
      yourTurn: {
        control: 'btn-restart',
        ask: { zh: '按「重启」。它会从第几步接着跑？', en: 'Press Restart. Which step does it go on from?' },
        expect: 'running',
      },
      caption: {
        zh: '从第 7 步接着跑：两次存档之间的进度丢了。',
        en: 'It goes on from step 7: the progress since the last checkpoint is lost.',
      },
      shows: { state: 'running', step: 7, down: null },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
    {
      id: 'seven-wasted',
      focus: ['wasted', 'step'],
      move: { kind: 'wait', state: 'running', step: 14 },
      caption: {
        zh: '第 7–13 步重做了一遍：白干 7 步。导出不碰外部世界，重做只费时间；碰外部世界的步骤前都先存了档。',
        en: 'Steps 7–13 were done again: 7 steps wasted. Exports do not touch the outside world, so redoing them only costs time; every step that does is checkpointed first.',
      },
      shows: { state: 'running', step: 14, wasted: 7 },
      source: '边界与取舍 · Checkpoint 的密度是个折中',
    },
  ],
};
