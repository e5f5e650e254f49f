import type { LessonIdOf, LessonNotes } from './noteTypes';

/** The teacher's notes of the lessons on checkpoints, recovery and the article's limits (notes.ts assembles them). */
export const CHECKPOINT_NOTES = {
  density: {
    asks: {
      'crash-at-14': {
        zh: '第 14 步，最新的存档在第 7 步。进程崩了。问：图上还停在哪个状态？丢的是什么？（接下来学生重启，再问从第几步接着跑。）',
        en: 'At step 14, the newest checkpoint is at step 7. The process crashes. Ask: which state does the diagram still show? What is lost? (Then the students restart it: ask which step it goes on from.)',
      },
    },
    discuss: [
      {
        q: { zh: '存档里存什么，不存什么？', en: 'What goes into a checkpoint, and what stays out?' },
        a: {
          zh: '五样：状态与步骤号、已完成清单、产物引用、待办快照、计划快照。不存消息历史：能靠产物引用重建，所以不到全量状态的十分之一。这就是自测第 1 题。',
          en: 'Five things: state and step, the steps done, artifact refs, the todo and plan snapshots. No message history: it can be rebuilt from the refs, so the checkpoint is under a tenth of a full state. This is the self-test’s question 1.',
        },
      },
      {
        q: {
          zh: '每步一存和关键动作前存，各花什么代价？',
          en: 'Every step, or before key actions: what does each cost?',
        },
        a: {
          zh: '每步一存：到第 27 步存了 28 份，文章的设计只有 8 份，慢且冗余。关键动作前存：崩溃丢掉两次存档之间的步骤（这里 7 步），但它们不碰外部世界，重做只费时间。',
          en: 'Every step: 28 checkpoints by step 27 against the article’s 8, slow and redundant. Before key actions: a crash loses the steps since the last one (7 here), but they touch nothing outside, so redoing them only costs time.',
        },
      },
    ],
  },
  'every-n': {
    asks: {
      'crash-at-20': {
        zh: '每十步一存，第 20 步时进程崩了。问：图上停在哪个状态？',
        en: 'Checkpoints every ten steps, and the process crashes at step 20. Ask: which state does the diagram show?',
      },
      'restart-from-11': {
        zh: '问：重启后从第几步接着跑？要重做几步？',
        en: 'Ask: which step does the restart go on from? How many steps are done again?',
      },
      'article-crash': {
        zh: '换回文章的密度，同样在第 20 步崩溃。问：图上停在哪个状态？这次会退回多远？',
        en: 'Back on the article’s density, the same crash at step 20. Ask: which state does the diagram show? How far back will it fall this time?',
      },
    },
    discuss: [
      {
        q: { zh: '「十步一存，丢十步」错在哪？', en: 'What is wrong with “every ten steps, lose up to ten”?' },
        a: {
          zh: '只按步数存，不看这一步做什么：碰外部世界的步骤可能落在两次存档之间，崩了就要重做带副作用的操作。',
          en: 'It counts steps and ignores what a step does: a step with outside side effects can fall between two checkpoints, and a crash makes it run again.',
        },
      },
      {
        q: {
          zh: '为什么「存在关键动作前」比「存得更密」好？',
          en: 'Why is “before key actions” better than “denser”?',
        },
        a: {
          zh: '碰外部世界的第 24–26 步前各有一份存档，崩溃后要重做的只是没有副作用的步骤；存档少，丢得也不多。',
          en: 'Steps 24–26, which touch the outside world, each get a checkpoint first, so what a crash makes you redo has no side effects; fewer checkpoints, little lost.',
        },
      },
    ],
  },
  plans: {
    asks: {
      replan: {
        zh: '第 5 步发现一张没列出的表。问：这一拍之后是哪个状态？这条边在文章的图里吗？',
        en: 'At step 5 an unlisted table turns up. Ask: which state after this tick? Is that edge in the article’s figure?',
      },
      'plan-v2': {
        zh: '问：改完计划去哪个状态？按第几版计划跑？',
        en: 'Ask: where does it go once the plan is revised, and on which version of the plan?',
      },
      'crash-after-replan': {
        zh: '改版之后进程马上崩了。问：图上停在哪个状态？重启后它还知道计划改过版吗？',
        en: 'The process crashes right after the revision. Ask: which state does the diagram show? After a restart, will it know the plan was revised?',
      },
    },
    discuss: [
      {
        q: {
          zh: '一次性计划和动态计划，存档里的计划快照有什么不同？',
          en: 'One-shot or dynamic: how do the checkpoints’ plan snapshots differ?',
        },
        a: {
          zh: '一次性计划只要一个指针（版本、游标、总步数）；动态计划要存版本和剩下的步骤本身：计划也是要存档的一部分。',
          en: 'A one-shot plan needs only a pointer (version, cursor, total); a dynamic plan stores its version and the remaining steps themselves: the plan is part of what is checkpointed.',
        },
      },
      {
        q: {
          zh: '恢复后为什么先把待办清单读回来？',
          en: 'Why does a resume read the todo list back first?',
        },
        a: {
          zh: '进度感不靠模型回忆，靠这张纸：第 2 版、九步、前 4 步划掉，接着做第 5 步。',
          en: 'The sense of progress comes from that sheet, not from the model’s memory: version 2, nine steps, the first 4 crossed off, step 5 next.',
        },
      },
    ],
  },
  'cancel-resume': {
    asks: {
      'approve-branch': {
        zh: '分叉出的新分支在第 27 步等审批。这次批准。问：去哪个状态？从第几步接着做？',
        en: 'The forked branch waits for approval at step 27. This time it is approved. Ask: which state, and from which step does it go on?',
      },
    },
    discuss: [
      {
        q: {
          zh: 'cancelled 是终态，工作怎么还能接着做？',
          en: 'cancelled is terminal: how can the work still go on?',
        },
        a: {
          zh: '不是原来的运行接着跑：从历史里最新的非终态存档（挂起前那份）分叉出一条新分支。被取消的运行原样留在历史里。',
          en: 'Not by the cancelled run: a new branch is forked from the newest checkpoint in the history that is not the end (the one before suspending). The cancelled run stays in the history as it ended.',
        },
      },
      {
        q: {
          zh: '如果挂起前没有落盘，取消之后会怎样？',
          en: 'Had nothing been written before suspending, what would a cancel cost?',
        },
        a: {
          zh: '只能从更早的存档分叉，之后的步骤都要重做；一份存档都没有就从第 1 步重来，回到第 1 课的第二种结局。',
          en: 'The branch would start from an older checkpoint and redo every step since; with none at all, from step 1: lesson 1’s second ending.',
        },
      },
    ],
  },
  'replay-takeover': {
    asks: {
      'fuse-to-person': {
        zh: '同一个键再 permission_denied 两次。问：运行落到哪个状态？熔断器会跳吗？',
        en: 'Two more permission_denied failures on the same key. Ask: where does the run end up? Does the fuse trip?',
      },
    },
    discuss: [
      {
        q: { zh: '什么让一次失败可以复现？', en: 'What makes a failure reproducible?' },
        a: {
          zh: '失败先落盘：存档记下错在哪一步、用了什么输入；拿这份输入和种子重放，得到同一个错误。',
          en: 'The failure is saved first: the checkpoint records the step and the input it failed with; re-run with that input and the seed, and the same error comes back.',
        },
      },
      {
        q: { zh: '存档为什么要人读得懂？', en: 'Why must a person be able to read the checkpoint?' },
        a: {
          zh: '人工接管：人从存档接手，把第 4 步手工标成完成（账本记为 human）再交还。中断恢复、失败复现、人工接管共用同一份存档。',
          en: 'For takeover: a person takes the checkpoint, marks step 4 done by hand (the ledger says human) and hands it back. Resume, replay and takeover share one checkpoint.',
        },
      },
    ],
  },
  smells: {
    asks: {
      approved: {
        zh: '早上重启后（没有产物引用，19 个文件已重读），按批准。问：去哪个状态？在第几步？',
        en: 'After the morning’s restart (no artifact refs, 19 files re-read), it is approved. Ask: which state, at which step?',
      },
    },
    discuss: [
      {
        q: {
          zh: '坏味道一：存档里没有产物引用，代价是什么？',
          en: 'Smell one: what does a checkpoint without artifact refs cost?',
        },
        a: {
          zh: '记得结论（第 27 步）、忘了过程：读过写过什么都不知道，只好把 19 个文件重读一遍，多花工具调用和 token。',
          en: 'It remembers the conclusion (step 27) and forgets the process: not knowing what it read and wrote, it re-reads 19 files, extra tool calls and tokens.',
        },
      },
      {
        q: {
          zh: '坏味道二：等审批时阻塞整个进程，错在哪？',
          en: 'Smell two: what is wrong with blocking the whole process while waiting?',
        },
        a: {
          zh: '排在后面的半小时小任务等了一整夜。挂起的该是状态机，不是主循环：文章的设计里它夜里就跑完了。',
          en: 'The half-hour task queued behind it waits all night. Suspend the machine, not the loop: on the article’s design it ran in the night.',
        },
      },
    ],
  },
  'simple-mode': {
    asks: {
      'script-starts': {
        zh: '问：一个五分钟的脚本，只有四个状态。按「开始」，它去哪个状态？',
        en: 'Ask: a five-minute script with four states only. Start it: which state does it go to?',
      },
      'start-again': {
        zh: '再跑一次脚本。问：按「开始」去哪个状态？（接着学生按「工具失败」：会重试吗？）',
        en: 'The script runs again. Ask: which state does Start lead to? (Then the students press Fail: will it retry?)',
      },
    },
    discuss: [
      {
        q: { zh: '什么时候八个状态是过度设计？', en: 'When are eight states over-design?' },
        a: {
          zh: '一次性的五分钟脚本：打断了重跑，最多亏五分钟。状态机的复杂度要配任务的时长与打断概率；跨天、多人、带审批的长任务才值得完整八态。',
          en: 'A one-off five-minute script: interrupted, it is run again and loses five minutes at most. A machine’s complexity should match how long the task runs and how likely it is interrupted; only long tasks across days and people, with approvals, are worth all eight.',
        },
      },
      {
        q: {
          zh: '简单模式少了什么？为什么这里少了也没关系？',
          en: 'What does the simple mode leave out, and why is that fine here?',
        },
        a: {
          zh: '没有账本、没有循环守卫、没有上下文通道、没有存档：一失败就直接转「失败」。脚本短，重跑比恢复便宜。',
          en: 'No ledger, no loop guard, no context channel, no checkpoint: a failure goes straight to failed. The script is short, so running it again is cheaper than recovering.',
        },
      },
    ],
  },
} satisfies Partial<Record<LessonIdOf, LessonNotes>>;
