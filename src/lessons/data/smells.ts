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
      move: { kind: 'segment', design: 'no-refs', story: 'opening-story' },
      caption: {
        zh: '坏味道一：存档里只有位置，没有产物引用。',
        en: 'Smell one: the checkpoint keeps the position but no artifact refs.',
      },
      source: '坏味道预警',
    },
    {
      move: { kind: 'beat', story: 'opening-story', beat: 0 },
      caption: {
        zh: '走到第 27 步等审批。存档照样写了，只是没有行李清单。',
        en: 'It reaches step 27 and waits. Checkpoints are written, but without the list of luggage.',
      },
      source: '坏味道预警',
      focus: 'checkpoints',
    },
    {
      move: { kind: 'beat', story: 'opening-story', beat: 1 },
      caption: { zh: '夜里进程被杀。', en: 'The process is killed in the night.' },
      source: '先从三种「从头再来」说起',
    },
    {
      move: { kind: 'beat', story: 'opening-story', beat: 2 },
      caption: {
        zh: '重启后它说得出做到第 27 步，却要重读之前读过、写过的 19 个文件：记得结论、忘了过程。',
        en: 'Restarted, it knows it is at step 27, yet re-reads the 19 files it had read or written: it remembers the conclusion and forgets the process.',
      },
      source: '坏味道预警',
      focus: 'meters',
    },
    {
      move: { kind: 'segment', design: 'blocking-wait', story: 'opening-story' },
      caption: {
        zh: '坏味道二：等审批时阻塞整个进程。后面还排着一个半小时的小任务。',
        en: 'Smell two: waiting for approval blocks the whole process. A half-hour task is queued behind it.',
      },
      source: '坏味道预警',
    },
    {
      move: { kind: 'beat', story: 'opening-story', beat: 0 },
      caption: { zh: '走到第 27 步等审批。', en: 'It reaches step 27 and waits.' },
      source: '坏味道预警',
    },
    {
      move: { kind: 'beat', story: 'opening-story', beat: 1 },
      caption: {
        zh: '等了一整夜，进程一直被占着，排在后面的任务一分钟也没跑。',
        en: 'All night the process is held, and the queued task does not run for a minute.',
      },
      source: '坏味道预警',
      focus: 'meters',
    },
    {
      move: { kind: 'beat', story: 'opening-story', beat: 2 },
      caption: {
        zh: '天亮批准后它才轮到。挂起的该是状态机，不是主循环：文章的设计里它在夜里就跑完了。',
        en: 'Only after the morning’s approval does it get its turn. Suspend the machine, not the loop: on the article’s design it ran in the night.',
      },
      source: '坏味道预警',
      focus: 'meters',
    },
  ],
};
