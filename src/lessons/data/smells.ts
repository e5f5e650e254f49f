import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/** Lesson 5: the article's two smells, each a design that gets one thing wrong, on the opening story. */
export const smells: Lesson = {
  ...LESSON_META.smells,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'no-refs',
      focus: ['cp-refs'],
      move: { kind: 'segment', design: 'no-refs', story: 'opening-story' },
      caption: {
        zh: '坏味道一：存档里只有位置，没有产物引用。',
        en: 'Smell one: the checkpoint keeps the position but no artifact refs.',
      },
      shows: { state: 'created', step: 1 },
      source: '坏味道预警',
    },
    {
      id: 'no-refs-killed',
      focus: ['cp-refs', 'down', 'clock', 'step'],
      move: { kind: 'beat', story: 'opening-story', beat: 0, through: 1 },
      caption: {
        zh: '走到第 27 步等审批，存档照样写了，只是没有行李清单。夜里进程被超时杀掉，直到早上都没人管。',
        en: 'It reaches step 27 and waits; checkpoints are written, but without the list of luggage. In the night the timeout kills the process, and nobody is there until morning.',
      },
      shows: {
        state: 'waiting_approval',
        step: 27,
        down: 'timeout',
        newest: { step: 27, trigger: 'before_suspend' },
        clock: { day: 2, from: '08:00', to: '10:00' },
      },
      source: '坏味道预警',
    },
    {
      id: 'restart-no-refs',
      focus: ['rereads', 'cp-refs', 'step'],
      move: { kind: 'command', command: { type: 'RESTART' } },
      yourTurn: {
        control: 'btn-restart',
        ask: {
          zh: '早上了。按「重启」：它知道自己在第几步吗？',
          en: 'It is morning. Press Restart: does it know which step it is at?',
        },
        expect: 'waiting_approval',
      },
      caption: {
        zh: '知道：第 27 步，还在等审批。可存档里没有产物引用，读过、写过什么它一概不知，只好先把之前的 19 个文件重读一遍：记得结论、忘了过程。',
        en: 'It does: step 27, still waiting for approval. But the checkpoint has no artifact refs, so it does not know what it read and wrote, and re-reads the 19 files first: it remembers the conclusion and forgets the process.',
      },
      shows: {
        state: 'waiting_approval',
        step: 27,
        down: null,
        rereads: 19,
        clock: { day: 2, from: '08:00', to: '11:00' },
      },
      source: '坏味道预警',
    },
    {
      id: 'approved',
      focus: ['step'],
      move: { kind: 'command', command: { type: 'APPROVE' } },
      caption: {
        zh: '批准后它回到 running，从第 27 步接着做。',
        en: 'Approved, it is back in running at step 27.',
      },
      shows: { state: 'running', step: 27 },
      source: '坏味道预警',
    },
    {
      id: 'rereads-cost',
      focus: ['rereads', 'tokens', 'ended'],
      move: { kind: 'finish' },
      caption: {
        zh: '跑完了，但那 19 次重读是多花的工具调用和 token：存档里带着产物引用就不必花。',
        en: 'It finishes, but those 19 re-reads were extra tool calls and tokens: a checkpoint with artifact refs would not spend them.',
      },
      shows: { state: 'completed', ended: 'completed', rereads: 19 },
      source: '坏味道预警',
    },
    {
      id: 'blocking-wait',
      focus: ['side'],
      move: { kind: 'segment', design: 'blocking-wait', story: 'opening-story' },
      caption: {
        zh: '坏味道二：等审批时阻塞整个进程。后面还排着一个只需半小时的小任务。',
        en: 'Smell two: waiting for approval blocks the whole process. A half-hour task is queued behind it.',
      },
      shows: { state: 'created', step: 1 },
      source: '坏味道预警',
    },
    {
      id: 'night-blocked',
      focus: ['side', 'clock', 'down', 'step'],
      move: { kind: 'beat', story: 'opening-story', beat: 0, through: 1 },
      caption: {
        zh: '走到第 27 步等审批。一整夜进程都被占着，直到天亮前被看门狗杀掉；到了早上，排在后面的任务一分钟也没跑。',
        en: 'It reaches step 27 and waits. All night the process is held, until the watchdog kills it before dawn; by morning the queued task has not run for a minute.',
      },
      shows: {
        state: 'waiting_approval',
        step: 27,
        side: 'waiting',
        down: 'timeout',
        clock: { day: 2, from: '08:00', to: '10:00' },
      },
      source: '坏味道预警',
    },
    {
      id: 'queue-runs-late',
      focus: ['side', 'clock', 'ended'],
      move: { kind: 'beat', story: 'opening-story', beat: 2 },
      caption: {
        zh: '早上重启、批准之后它才轮到，整个任务到中午才跑完。挂起的该是状态机，不是主循环：文章的设计里它当晚就跑完了。',
        en: 'Only in the morning, after the restart and the approval, does it get its turn, and the run ends at midday. Suspend the machine, not the loop: on the article’s design it ran that evening.',
      },
      shows: { state: 'completed', ended: 'completed', side: 'done', clock: { day: 2, from: '11:30', to: '13:00' } },
      source: '坏味道预警',
    },
  ],
};
