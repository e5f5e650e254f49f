import type { Bilingual } from '../../engine';
import type { LESSON_META } from '../meta';

/**
 * The teacher's notes of each lesson (SPEC §12): what the guide cannot read from the lesson's
 * own data. Everything else it shows (title, article sections, stops, your-turns, each
 * prediction's answer and why, the lesson's playing time) comes from the lesson (plan.ts), so
 * the guide cannot drift from the lessons; guide.test.ts holds these notes to them.
 */
export interface LessonNotes {
  /** Minutes of the 45-minute class; 0 for a lesson left as homework (`homework` says why). */
  minutes: number;
  homework?: Bilingual;
  /**
   * What to ask the class before each prediction of the lesson, keyed by the stop's index
   * (0-based, as `predictionAt` takes it): one for every prediction, none for any other stop.
   */
  asks: Readonly<Record<number, Bilingual>>;
  /** Discussion prompts, each with the answer a teacher looks for. */
  discuss: readonly { q: Bilingual; a: Bilingual }[];
}

type LessonIdOf = (typeof LESSON_META)[keyof typeof LESSON_META]['id'];

/** The class closes with the article's self-test: students write, then compare (minutes of the 45). */
export const SELF_TEST_MINUTES = 5;

export const LESSON_NOTES: Readonly<Record<LessonIdOf, LessonNotes>> = {
  'three-endings': {
    minutes: 5,
    asks: {
      7: {
        zh: '夜里进程被杀，盘上一份存档都没有。按「下一步」重启之前先问：它会站在哪个状态？从第几步起？',
        en: 'The process was killed in the night and there is no checkpoint on disk. Before Next restarts it, ask: which state will it stand in, and from which step?',
      },
    },
    discuss: [
      {
        q: { zh: '三种结局的分水岭是什么？', en: 'What separates the three endings?' },
        a: {
          zh: 'Harness 有没有把「任务进行到哪」当成一份数据来管：有没有状态机、有没有存档。第一种要它记得第 27 步；第二种有存档就读档，没有就从第 1 步重来；第三种要循环有计数、到顶熔断。',
          en: 'Whether the harness manages “how far the task has got” as data: a state machine and checkpoints. The first ending needs it to know step 27; the second reads a checkpoint if there is one and starts at step 1 if not; the third needs a loop counter and a fuse.',
        },
      },
      {
        q: {
          zh: '第三种结局里，烧掉一夜 token 的是模型还是 Harness？',
          en: 'In the third ending, who burnt a night of tokens: the model or the harness?',
        },
        a: {
          zh: '失败的是工具调用，可放任它重试到天亮的是 Harness：循环没有计数。文章的设计第二次失败先提醒，第三次熔断转 failed，带着账本交还给人。',
          en: 'The tool call failed, but the harness let it retry until dawn: the loop had no counter. On the article’s design the second failure brings a reminder and the third trips the fuse: failed, handed back with the ledger.',
        },
      },
    ],
  },
  approval: {
    minutes: 4,
    asks: {
      1: {
        zh: '它在 waiting_approval 里轮询三次。问：状态会变吗？会花 token、会再发一次审批请求吗？',
        en: 'It polls three times in waiting_approval. Ask: does the state change? Does it spend tokens, or send a second approval request?',
      },
    },
    discuss: [
      {
        q: {
          zh: '拒绝为什么按 tool_failed 处理，而不是直接 failed 或 cancelled？',
          en: 'Why is a rejection handled as tool_failed, not as failed or cancelled?',
        },
        a: {
          zh: '拒绝带着理由，是给模型的反馈：理由作为工具结果记进账本，模型据此换做法再申请（下一站是一个新请求）。直接 failed 会把一步能改正的操作变成整个任务失败。',
          en: 'A rejection carries a reason, feedback for the model: the reason goes into the ledger as the tool’s result, and the model asks again with a changed approach (the next stop is a new request). Going to failed would turn one fixable step into a failed task.',
        },
      },
      {
        q: {
          zh: '「挂起的是状态机，不是主循环」，这一课哪里看得出来？',
          en: 'Where does this lesson show “suspend the machine, not the loop”?',
        },
        a: {
          zh: '等待时主循环照常轮询，不调模型、不花 token，请求只发一次；挂起前先落盘，所以批准就是读档续跑，人来得早晚都不丢进度。这正是自测第 2 题。',
          en: 'While it waits the loop keeps polling, with no model call and no tokens, and the request is sent once; it checkpoints before suspending, so approving reads that checkpoint back and no progress is lost however late the person comes. This is the self-test’s question 2.',
        },
      },
    ],
  },
  fuse: {
    minutes: 4,
    asks: {
      2: {
        zh: '同一个键已经数到 1。再失败一次：下一个状态是什么？熔断器会跳吗？上下文通道里会多出什么？',
        en: 'The same key already counts 1. One more failure: which state comes next? Does the fuse trip? What appears in the context channel?',
      },
    },
    discuss: [
      {
        q: {
          zh: '计数的键为什么是「工具 + 参数 + 错误类型」，而不单看工具？',
          en: 'Why is the key tool + args + error type, and not the tool alone?',
        },
        a: {
          zh: '逐个试十种配置，每次参数不同，是正当的绕路。单看工具就把它判成死循环：本课最后一段，粗粒度守卫在第 3 个配置就熔断，可第 7 个本来能通。',
          en: 'Trying ten profiles one by one changes the args each time: a legitimate detour. Keyed on the tool alone it looks like a loop: at the end of this lesson the coarse guard trips at the 3rd profile, while the 7th would have worked.',
        },
      },
      {
        q: { zh: '熔断之后，任务去了哪里？', en: 'After the fuse trips, where does the task go?' },
        a: {
          zh: '转 failed（原因 loop_fuse），当轮不再执行这一步，带着整本账交还给人：人能从账本看出它在哪个键上打转。',
          en: 'To failed (reason loop_fuse): the step is not run again, and it is handed to a person with the whole ledger, which shows the key it went round on.',
        },
      },
    ],
  },
  'remind-recover': {
    minutes: 4,
    asks: {
      1: {
        zh: '第 4 步的查询原样去跑。问：这一拍之后是哪个状态？守卫数的是什么？',
        en: 'Step 4’s query runs as it is. Ask: which state after this tick? What does the guard count?',
      },
      2: {
        zh: '它原样重试，又超时。问：是哪个状态？下一次重试之前，上下文通道里会出现什么？',
        en: 'It retries as it is and times out again. Ask: which state? What lands in the context channel before the next retry?',
      },
      4: {
        zh: '模型读到提醒后换了参数。问：这一拍之后是哪个状态？计数会怎样？',
        en: 'After the reminder the model changed its args. Ask: which state after this tick? What happens to the count?',
      },
    },
    discuss: [
      {
        q: {
          zh: '文章写「先提醒（计数重置）」。本模拟器怎么读？还可以怎么读？',
          en: 'The article says “remind first (count reset)”. How does this simulator read it, and how else could it be read?',
        },
        a: {
          zh: '本模拟器：换了做法（新参数）就是新键，从 0 数起；只提醒不改做法，计数不清零，第三次照样熔断。另一种读法是提醒一次就清零，那样一个不听提醒的模型可以永远「提醒、重试」下去，熔断永远不跳。',
          en: 'Here: a changed approach (new args) is a new key, counted from 0; a reminder alone does not reset, so a model that ignores it is fused at the third failure. The other reading, a reset at every reminder, lets a model that never listens go on “reminded, retry” for ever without the fuse tripping.',
        },
      },
      {
        q: {
          zh: '不提醒的粗粒度守卫为什么在这里坏了事？',
          en: 'Why does the coarse guard, which never reminds, do harm here?',
        },
        a: {
          zh: '没有提醒，模型不知道该换做法，三次超时就被掐断；一个听了提醒就能自己走出来的任务白白失败了。',
          en: 'With no reminder the model never learns it should change, and three timeouts cut it off: a task that would have found its own way out once reminded fails for nothing.',
        },
      },
    ],
  },
  'no-progress': {
    minutes: 0,
    homework: {
      zh: '和第 3 课同样的三段（计数、提醒、熔断），换成一个不报错的调用；学生在家一分钟看完。',
      en: 'The same three stages as lesson 3 (count, remind, fuse), on a call that raises no error; a student watches it at home in a minute.',
    },
    asks: {
      1: {
        zh: '同一个调用返回和上次一样的结果，没有报错。问：守卫会记它吗？是哪个状态？',
        en: 'The same call returns what it did before, with no error. Ask: does the guard count it? Which state?',
      },
      2: {
        zh: '第二次没有进展。问：是哪个状态？提醒里会怎么说？',
        en: 'No progress a second time. Ask: which state? What will the reminder say?',
      },
    },
    discuss: [
      {
        q: { zh: '没有报错，为什么也算原地打转？', en: 'With no error, why is it still going in circles?' },
        a: {
          zh: '模型反复产出同一个动作却没有进展，和反复失败一样烧 token、不往前走；文章的伪代码在 running 里「无失败也查」。',
          en: 'A model repeating one action with no progress burns tokens and gets nowhere, as one that keeps failing does; the article’s pseudo-code checks in running “without a failure too”.',
        },
      },
      {
        q: {
          zh: '这一课里，模拟器和文章的图有什么不同？',
          en: 'In this lesson, where does the simulator differ from the article’s figure?',
        },
        a: {
          zh: '文章在 running 里就查出它；模拟器把它记成合成的 no_progress 失败，所以图上经过 tool_failed（见文末「模拟器自己的读法」）。',
          en: 'The article catches it in running; the simulator records a synthetic no_progress failure, so the diagram passes tool_failed (see “Where the simulator reads the article its own way” at the end).',
        },
      },
    ],
  },
  'recovery-hints': {
    minutes: 3,
    asks: {
      1: {
        zh: '第 3 步读配置，得到 not_found。问：是哪个状态？恢复提示该告诉模型什么？',
        en: 'Step 3 reads the config and gets not_found. Ask: which state? What should the recovery hint tell the model?',
      },
      4: {
        zh: '第 27 步碰到同一个 not_found。问：是哪个状态？提示会和第 3 步一样吗？',
        en: 'Step 27 hits the same not_found. Ask: which state? Will the hint be the same as at step 3?',
      },
    },
    discuss: [
      {
        q: { zh: '「没找到，请重试」为什么是个坏提示？', en: 'Why is “file not found, retry” a bad hint?' },
        a: {
          zh: '它不带上下文：模型会对着旧名字再撞一次。好的提示 = 错误本身 + 任务做过什么（账本、产物引用、计划）：第 18 步把 orders.csv 改名成了 orders_v2.csv。',
          en: 'It carries no context: the model tries the old name again. A good hint is the error plus what the task has done (ledger, artifact refs, plan): step 18 renamed orders.csv to orders_v2.csv.',
        },
      },
      {
        q: { zh: '提示放在哪里，谁读它？', en: 'Where does the hint go, and who reads it?' },
        a: {
          zh: '注入上下文通道（system-reminder），模型下一次尝试前读到；它也算 token。',
          en: 'Into the context channel (system-reminder), which the model reads before its next attempt; it costs tokens too.',
        },
      },
    ],
  },
  density: {
    minutes: 4,
    asks: {
      5: {
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
    minutes: 0,
    homework: {
      zh: '第 7 课的密度折中再看一遍，换成「每十步一存」；学生先猜重启退回第几步，再看答案，在家一分半钟。',
      en: 'Lesson 7’s density trade-off once more, on “every ten steps”; a student guesses which step a restart falls back to before the answer shows, at home in a minute and a half.',
    },
    asks: {
      2: {
        zh: '每十步一存，第 20 步时进程崩了。问：图上停在哪个状态？',
        en: 'Checkpoints every ten steps, and the process crashes at step 20. Ask: which state does the diagram show?',
      },
      3: {
        zh: '问：重启后从第几步接着跑？要重做几步？',
        en: 'Ask: which step does the restart go on from? How many steps are done again?',
      },
      7: {
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
    minutes: 4,
    asks: {
      3: {
        zh: '第 5 步发现一张没列出的表。问：这一拍之后是哪个状态？这条边在文章的图里吗？',
        en: 'At step 5 an unlisted table turns up. Ask: which state after this tick? Is that edge in the article’s figure?',
      },
      4: {
        zh: '问：改完计划去哪个状态？按第几版计划跑？',
        en: 'Ask: where does it go once the plan is revised, and on which version of the plan?',
      },
      5: {
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
    minutes: 3,
    asks: {
      3: {
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
    minutes: 3,
    asks: {
      3: {
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
    minutes: 3,
    asks: {
      3: {
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
    minutes: 3,
    asks: {
      0: {
        zh: '问：一个五分钟的脚本，只有四个状态。按「开始」，它去哪个状态？',
        en: 'Ask: a five-minute script with four states only. Start it: which state does it go to?',
      },
      3: {
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
};
