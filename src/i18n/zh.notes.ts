import type { notes as en } from './en.notes';

/** The teacher’s guide: what to ask before each prediction (`guide.<lesson>.asks.<stop>`), discussion prompts and answers, homework, and the readings (src/lessons/guide). */
export const notes: Record<keyof typeof en, string> = {
  'guide.three-endings.asks.restart-from-1':
    '夜里进程被杀，盘上一份存档都没有。按「下一步」重启之前先问：它会站在哪个状态？从第几步起？',
  'guide.three-endings.discuss.0.q': '三种结局的分水岭是什么？',
  'guide.three-endings.discuss.0.a':
    'Harness 有没有把「任务进行到哪」当成一份数据来管：有没有状态机、有没有存档。第一种要它记得第 27 步；第二种有存档就读档，没有就从第 1 步重来；第三种要循环有计数、到顶熔断。',
  'guide.three-endings.discuss.1.q': '第三种结局里，烧掉一夜 token 的是模型还是 Harness？',
  'guide.three-endings.discuss.1.a':
    '失败的是工具调用，可放任它重试到天亮的是 Harness：循环没有计数。文章的设计第二次失败先提醒，第三次熔断转 failed，带着账本交还给人。',
  'guide.approval.asks.polls-no-tokens':
    '它在 waiting_approval 里轮询三次。问：状态会变吗？会花 token、会再发一次审批请求吗？',
  'guide.approval.discuss.0.q': '拒绝为什么按 tool_failed 处理，而不是直接 failed 或 cancelled？',
  'guide.approval.discuss.0.a':
    '拒绝带着理由，是给模型的反馈：理由作为工具结果记进账本，模型据此改做法再申请：这里它在变更前插了一步备份 orders 表（计划第 2 版），跑完备份，再为变更（现在是第 28 步）发一个新请求。直接 failed 会把一步能改正的操作变成整个任务失败。',
  'guide.approval.discuss.1.q': '「挂起的是状态机，不是主循环」，这一课哪里看得出来？',
  'guide.approval.discuss.1.a':
    '等待时主循环照常轮询，不调模型、不花 token，请求只发一次；挂起前先落盘，所以批准就是读档续跑，人来得早晚都不丢进度。这正是自测第 2 题。',
  'guide.fuse.asks.remind-2':
    '同一个键已经数到 1。再失败一次：下一个状态是什么？熔断器会跳吗？上下文通道里会多出什么？',
  'guide.fuse.discuss.0.q': '计数的键为什么是「工具 + 参数 + 错误类型」，而不单看工具？',
  'guide.fuse.discuss.0.a':
    '逐个试十种配置，每次参数不同，是正当的绕路。单看工具就把它判成死循环：本课最后一段，粗粒度守卫在第 3 个配置就熔断，可第 7 个本来能通。',
  'guide.fuse.discuss.1.q': '熔断之后，任务去了哪里？',
  'guide.fuse.discuss.1.a':
    '转 failed（原因 loop_fuse），当轮不再执行这一步，带着整本账交还给人：人能从账本看出它在哪个键上打转。',
  'guide.fuse.discuss.2.q':
    '一个真实智能体的轨迹（打开 ?trace=sample-otlp-fuse）：文章的 harness 会不会叫停这个智能体？该不该叫停？',
  'guide.fuse.discuss.2.a':
    '会：同一条 run_sql 查询以同样的 timeout 连败，守卫在第 3 次调用提醒，在 7 次调用中的第 4 次熔断。智能体却接着跑：又超时一次，到第 6 次同一条查询才通过，熔断点之后花了 3 次调用、1,030 个 token。叫停没有错（同样的第四次重试带不来新信息），但也不是终点：拿到账本的人看得出是繁忙数据库上的超时，可以等一等或加个 LIMIT。好模型该在第 3 次的提醒处换做法。',
  'guide.remind-recover.asks.timeout-counts-1': '第 4 步的查询原样去跑。问：这一拍之后是哪个状态？守卫数的是什么？',
  'guide.remind-recover.asks.reminder-at-2':
    '它原样重试，又超时。问：是哪个状态？下一次重试之前，上下文通道里会出现什么？',
  'guide.remind-recover.asks.new-key-step-5': '模型读到提醒后换了参数。问：这一拍之后是哪个状态？计数会怎样？',
  'guide.remind-recover.discuss.0.q': '文章写「先提醒（计数重置）」。本模拟器怎么读？还可以怎么读？',
  'guide.remind-recover.discuss.0.a':
    '本模拟器：换了做法（新参数）就是新键，从 0 数起；只提醒不改做法，计数不清零，第三次照样熔断。另一种读法是提醒一次就清零，那样一个不听提醒的模型可以永远「提醒、重试」下去，熔断永远不跳。',
  'guide.remind-recover.discuss.1.q': '不提醒的粗粒度守卫为什么在这里坏了事？',
  'guide.remind-recover.discuss.1.a':
    '没有提醒，模型不知道该换做法，三次超时就被掐断；一个听了提醒就能自己走出来的任务白白失败了。',
  'guide.no-progress.asks.no-progress-1': '同一个调用返回和上次一样的结果，没有报错。问：守卫会记它吗？是哪个状态？',
  'guide.no-progress.asks.no-progress-remind': '第二次没有进展。问：是哪个状态？提醒里会怎么说？',
  'guide.no-progress.discuss.0.q': '没有报错，为什么也算原地打转？',
  'guide.no-progress.discuss.0.a':
    '模型反复产出同一个动作却没有进展，和反复失败一样烧 token、不往前走；文章的伪代码在 running 里「无失败也查」。',
  'guide.no-progress.discuss.1.q': '这一课里，模拟器和文章的图有什么不同？',
  'guide.no-progress.discuss.1.a':
    '文章在 running 里就查出它；模拟器把它记成合成的 no_progress 失败，所以图上经过 tool_failed（见文末「模拟器自己的读法」）。',
  'guide.recovery-hints.asks.not-found-hint': '第 3 步读配置，得到 not_found。问：是哪个状态？恢复提示该告诉模型什么？',
  'guide.recovery-hints.asks.renamed-hint': '第 27 步碰到同一个 not_found。问：是哪个状态？提示会和第 3 步一样吗？',
  'guide.recovery-hints.discuss.0.q': '「没找到，请重试」为什么是个坏提示？',
  'guide.recovery-hints.discuss.0.a':
    '它不带上下文：模型会对着旧名字再撞一次。好的提示 = 错误本身 + 任务做过什么（账本、产物引用、计划）：第 18 步把 orders.csv 改名成了 orders_v2.csv。',
  'guide.recovery-hints.discuss.1.q': '提示放在哪里，谁读它？',
  'guide.recovery-hints.discuss.1.a': '注入上下文通道（system-reminder），模型下一次尝试前读到；它也算 token。',
  'guide.density.asks.crash-at-14':
    '第 14 步，最新的存档在第 7 步。进程崩了。问：图上还停在哪个状态？丢的是什么？（接下来学生重启，再问从第几步接着跑。）',
  'guide.density.discuss.0.q': '存档里存什么，不存什么？',
  'guide.density.discuss.0.a':
    '五样：状态与步骤号、已完成清单、产物引用、待办快照、计划快照。不存消息历史：能靠产物引用重建，所以不到全量状态的十分之一。这就是自测第 1 题。',
  'guide.density.discuss.1.q': '每步一存和关键动作前存，各花什么代价？',
  'guide.density.discuss.1.a':
    '每步一存：到第 27 步存了 28 份，文章的设计只有 8 份，慢且冗余。关键动作前存：崩溃丢掉两次存档之间的步骤（这里 7 步），但它们不碰外部世界，重做只费时间。',
  'guide.every-n.asks.crash-at-20': '每十步一存，第 20 步时进程崩了。问：图上停在哪个状态？',
  'guide.every-n.asks.restart-from-11': '问：重启后从第几步接着跑？要重做几步？',
  'guide.every-n.asks.article-crash': '换回文章的密度，同样在第 20 步崩溃。问：图上停在哪个状态？这次会退回多远？',
  'guide.every-n.discuss.0.q': '「十步一存，丢十步」错在哪？',
  'guide.every-n.discuss.0.a':
    '只按步数存，不看这一步做什么：碰外部世界的步骤可能落在两次存档之间，崩了就要重做带副作用的操作。',
  'guide.every-n.discuss.1.q': '为什么「存在关键动作前」比「存得更密」好？',
  'guide.every-n.discuss.1.a':
    '碰外部世界的第 24–26 步前各有一份存档，崩溃后要重做的只是没有副作用的步骤；存档少，丢得也不多。',
  'guide.plans.asks.replan': '第 5 步发现一张没列出的表。问：这一拍之后是哪个状态？这条边在文章的图里吗？',
  'guide.plans.asks.plan-v2': '问：改完计划去哪个状态？按第几版计划跑？',
  'guide.plans.asks.crash-after-replan': '改版之后进程马上崩了。问：图上停在哪个状态？重启后它还知道计划改过版吗？',
  'guide.plans.discuss.0.q': '一次性计划和动态计划，存档里的计划快照有什么不同？',
  'guide.plans.discuss.0.a':
    '一次性计划只要一个指针（版本、游标、总步数）；动态计划要存版本和剩下的步骤本身：计划也是要存档的一部分。',
  'guide.plans.discuss.1.q': '恢复后为什么先把待办清单读回来？',
  'guide.plans.discuss.1.a': '进度感不靠模型回忆，靠这张纸：第 2 版、九步、前 4 步划掉，接着做第 5 步。',
  'guide.cancel-resume.asks.approve-branch':
    '分叉出的新分支在第 27 步等审批。这次批准。问：去哪个状态？从第几步接着做？',
  'guide.cancel-resume.discuss.0.q': 'cancelled 是终态，工作怎么还能接着做？',
  'guide.cancel-resume.discuss.0.a':
    '不是原来的运行接着跑：从历史里最新的非终态存档（挂起前那份）分叉出一条新分支。被取消的运行原样留在历史里。',
  'guide.cancel-resume.discuss.1.q': '如果挂起前没有落盘，取消之后会怎样？',
  'guide.cancel-resume.discuss.1.a':
    '只能从更早的存档分叉，之后的步骤都要重做；一份存档都没有就从第 1 步重来，回到第 1 课的第二种结局。',
  'guide.replay-takeover.asks.fuse-to-person':
    '同一个键再 permission_denied 两次。问：运行落到哪个状态？熔断器会跳吗？',
  'guide.replay-takeover.discuss.0.q': '什么让一次失败可以复现？',
  'guide.replay-takeover.discuss.0.a':
    '失败先落盘：存档记下错在哪一步、用了什么输入；拿这份输入和种子重放，得到同一个错误。',
  'guide.replay-takeover.discuss.1.q': '存档为什么要人读得懂？',
  'guide.replay-takeover.discuss.1.a':
    '人工接管：人从存档接手，把第 4 步手工标成完成（账本记为 human）再交还。中断恢复、失败复现、人工接管共用同一份存档。',
  'guide.smells.asks.approved': '早上重启后（没有产物引用，19 个文件已重读），按批准。问：去哪个状态？在第几步？',
  'guide.smells.discuss.0.q': '坏味道一：存档里没有产物引用，代价是什么？',
  'guide.smells.discuss.0.a':
    '记得结论（第 27 步）、忘了过程：读过写过什么都不知道，只好把 19 个文件重读一遍，多花工具调用和 token。',
  'guide.smells.discuss.1.q': '坏味道二：等审批时阻塞整个进程，错在哪？',
  'guide.smells.discuss.1.a':
    '排在后面的半小时小任务等了一整夜。挂起的该是状态机，不是主循环：文章的设计里它夜里就跑完了。',
  'guide.simple-mode.asks.script-starts': '问：一个五分钟的脚本，只有四个状态。按「开始」，它去哪个状态？',
  'guide.simple-mode.asks.start-again':
    '再跑一次脚本。问：按「开始」去哪个状态？（接着学生按「工具失败」：会重试吗？）',
  'guide.simple-mode.discuss.0.q': '什么时候八个状态是过度设计？',
  'guide.simple-mode.discuss.0.a':
    '一次性的五分钟脚本：打断了重跑，最多亏五分钟。状态机的复杂度要配任务的时长与打断概率；跨天、多人、带审批的长任务才值得完整八态。',
  'guide.simple-mode.discuss.1.q': '简单模式少了什么？为什么这里少了也没关系？',
  'guide.simple-mode.discuss.1.a':
    '没有账本、没有循环守卫、没有上下文通道、没有存档：一失败就直接转「失败」。脚本短，重跑比恢复便宜。',
  'guide.remind-recover.homework':
    '从另一面看第 3 课的提醒：听劝的模型换了做法，不听劝的被熔断。学过第 3 课，自己看得懂。',
  'guide.no-progress.homework': '和第 3 课同样的三段（计数、提醒、熔断），换成一个不报错的调用。',
  'guide.recovery-hints.homework': '上下文通道的一个细节：恢复提示是错误加上任务做过的事。学过第 3 课，自己看得懂。',
  'guide.every-n.homework': '第 7 课的密度折中再看一遍，换成「每十步一存」；学生先猜重启退回第几步，再看答案。',
  'guide.plans.homework': '动态计划，以及恢复时先读回的待办清单：第 7 课的存档也存计划。三个预测先写下来再看。',
  'guide.replay-takeover.homework':
    '存档的另外两种用法（失败复现、人工接管），接在第 10 课的恢复之后：同一份存档，再多两种读法。',
  'guide.simple-mode.homework':
    '文章讲的边界：什么时候八个状态是过度设计。讨论题写成作业：你自己的任务值得用状态机吗？',
  'guide.reading.replan-edge.title': '改计划的回边 running → planning',
  'guide.reading.replan-edge.article':
    'running 只有两条回边：经 tool_failed（失败重试）与经 waiting_approval（等人批准）。',
  'guide.reading.replan-edge.simulator':
    '加了第三条：running → planning，模型边跑边改计划：动态计划走到新情况时，以及回应被拒的理由时（先插一步备份，再重新请求变更）。这是模拟器的扩展，图上画成虚线。',
  'guide.reading.count-reset.title': '「先提醒（计数重置）」',
  'guide.reading.count-reset.article': '伪代码写「先提醒（计数重置），到顶熔断」；边界一节说「改路径后计数重置」。',
  'guide.reading.count-reset.simulator':
    '读作：换了做法（新参数）就是新键，从 0 数起；光提醒不清零，不改做法的模型第三次照样熔断。',
  'guide.reading.simple-names.title': '简单模式的四个状态',
  'guide.reading.simple-names.article': '「三状态（待跑 / 在跑 / 完成）加一个失败态就够」。',
  'guide.reading.simple-names.simulator':
    '图上用文章的名字 待跑 / 在跑 / 完成 / 失败，底下是八态里的 created、running、completed、failed；没有账本、守卫、上下文通道和存档。',
  'guide.reading.coarse-guard.title': '粗粒度守卫（只看工具）',
  'guide.reading.coarse-guard.article':
    '把「相同工具」判成死循环会误伤枚举尝试；计数的判据该用「工具 + 参数 + 错误类型」，并且先提醒后熔断。',
  'guide.reading.no-progress.title': '无失败也查',
  'guide.reading.no-progress.article': '伪代码在 running 里查「原地打转（无失败也查）」。',
  'guide.reading.no-progress.simulator':
    '同一调用反复返回同样结果，记成一次合成的 no_progress 失败，所以图上经过 tool_failed。',
  'guide.reading.night-figures.title': '那一夜的数字',
  'guide.reading.coarse-guard.simulator':
    '为了演示被误伤的样子，守卫多了一个设置：只看工具、不提醒，同一工具失败 {fuseAt} 次就熔断。它是循环守卫的设置，不是重试上限：尝试上限仍是 {attempts}，高于提醒阈值。',
  'guide.reading.night-figures.simulator':
    '开场故事里看门狗 {hours} 小时后杀进程，等审批的运行每 {poll} 分钟看一眼有没有批复：这是模拟器定的数。',
  'guide.reading.night-figures.article':
    '「你第二天才回来，它要么还在干等、要么早被超时杀掉」：没有给出超时和轮询的数字。',
};
