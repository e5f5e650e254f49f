import type { LessonIdOf, LessonNotes } from './noteTypes';

/** The teacher's notes of the lessons on the machine and its loop guard (notes.ts assembles them). */
export const MACHINE_NOTES = {
  'three-endings': {
    asks: {
      'restart-from-1': {
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
    asks: {
      'polls-no-tokens': {
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
          zh: '拒绝带着理由，是给模型的反馈：理由作为工具结果记进账本，模型据此改做法再申请：这里它在变更前插了一步备份 orders 表（计划第 2 版），跑完备份，再为变更（现在是第 28 步）发一个新请求。直接 failed 会把一步能改正的操作变成整个任务失败。',
          en: 'A rejection carries a reason, feedback for the model: the reason goes into the ledger as the tool’s result, and the model acts on it before asking again: here it inserts a step that backs up the orders table before the change (plan version 2), runs it, then sends a new request for the change, now step 28. Going to failed would turn one fixable step into a failed task.',
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
    asks: {
      'remind-2': {
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
      {
        q: {
          zh: '一个真实智能体的轨迹（打开 ?trace=sample-otlp-fuse）：文章的 harness 会不会叫停这个智能体？该不该叫停？',
          en: 'A real agent’s trace (open ?trace=sample-otlp-fuse): would the article’s harness have stopped this agent, and should it have?',
        },
        a: {
          zh: '会：同一条 run_sql 查询以同样的 timeout 连败，守卫在第 3 次调用提醒，在 7 次调用中的第 4 次熔断。智能体却接着跑：又超时一次，到第 6 次同一条查询才通过，熔断点之后花了 3 次调用、1,030 个 token。叫停没有错（同样的第四次重试带不来新信息），但也不是终点：拿到账本的人看得出是繁忙数据库上的超时，可以等一等或加个 LIMIT。好模型该在第 3 次的提醒处换做法。',
          en: 'Yes: the same run_sql query timed out again and again, so the guard reminds at call 3 and fuses at call 4 of 7. The agent went on: one more timeout, then at call 6 the same query went through; it spent 3 calls and 1,030 tokens after the fuse point. Stopping was not wrong (a fourth identical retry brings no new information), but it is not the end either: a person handed the ledger sees a timeout on a busy database and can wait or add a LIMIT. The reminder at call 3 is where a good model changes approach.',
        },
      },
    ],
  },
  'remind-recover': {
    asks: {
      'timeout-counts-1': {
        zh: '第 4 步的查询原样去跑。问：这一拍之后是哪个状态？守卫数的是什么？',
        en: 'Step 4’s query runs as it is. Ask: which state after this tick? What does the guard count?',
      },
      'reminder-at-2': {
        zh: '它原样重试，又超时。问：是哪个状态？下一次重试之前，上下文通道里会出现什么？',
        en: 'It retries as it is and times out again. Ask: which state? What lands in the context channel before the next retry?',
      },
      'new-key-step-5': {
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
    asks: {
      'no-progress-1': {
        zh: '同一个调用返回和上次一样的结果，没有报错。问：守卫会记它吗？是哪个状态？',
        en: 'The same call returns what it did before, with no error. Ask: does the guard count it? Which state?',
      },
      'no-progress-remind': {
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
    asks: {
      'not-found-hint': {
        zh: '第 3 步读配置，得到 not_found。问：是哪个状态？恢复提示该告诉模型什么？',
        en: 'Step 3 reads the config and gets not_found. Ask: which state? What should the recovery hint tell the model?',
      },
      'renamed-hint': {
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
} satisfies Partial<Record<LessonIdOf, LessonNotes>>;
