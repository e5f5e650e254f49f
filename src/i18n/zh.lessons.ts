import type { lessons as en } from './en.lessons';

/** The lessons’ words: its stops’ captions (`lesson.<lesson>.<stop>.caption`) and your-turn asks (`….yourTurn.ask`), from src/lessons/data. */
export const lessons: Record<keyof typeof en, string> = {
  'lesson.approval.suspend-at-27.caption':
    '第 27 步被权限判为要人裁决：先落盘（before_suspend），再转入 waiting_approval 挂起。',
  'lesson.approval.polls-no-tokens.caption': '主循环空转轮询三次：不调模型、不花 token，也不重发请求——弹窗只弹一次。',
  'lesson.approval.reject-as-failure.yourTurn.ask': '拒绝它，理由写「先备份 orders 表」。',
  'lesson.approval.reject-as-failure.caption': '拒绝按 tool_failed 处理：理由作为工具结果记进步骤账本。',
  'lesson.approval.new-request.caption':
    '模型照理由改了计划，不是盲试原样的调用：计划升到第 2 版，新的第 27 步先备份 orders 表并跑完；变更顺延为第 28 步，再次请求审批——这是一个新请求。',
  'lesson.approval.approve-resumes.yourTurn.ask': '这次批准它。',
  'lesson.approval.approve-resumes.caption': '批准即读档：从挂起前的存档续跑，回到 running。',
  'lesson.approval.completed.caption': '跑完了。人来得早或晚，进度都不丢。',
  'lesson.cancel-resume.waits-at-27.caption': '第 27 步等人批，挂起前的存档已经落盘。这次来的人决定：今天先不做了。',
  'lesson.cancel-resume.cancelled.yourTurn.ask': '按「取消」。',
  'lesson.cancel-resume.cancelled.caption':
    'cancelled 是终态：运行就此结束，最后一份存档（terminal）记下它停在哪里。它自己不会再往下跑。',
  'lesson.cancel-resume.fork-branch.caption':
    '要接着做时，从历史里最新的非终态存档分叉出一条新分支——挂起前那份。新分支站在存档的位置（时钟也是存档里的）：第 27 步，等审批，前 26 步都算做完。',
  'lesson.cancel-resume.approve-branch.caption': '这次批了：从挂起前的存档续跑，回到 running。',
  'lesson.cancel-resume.branch-completes.caption': '新分支跑完，一步没重做；被取消的那次运行原样留在运行列表里。',
  'lesson.density.five-marked.caption':
    '第 27 步的存档里，①–⑤ 标出文章要的五样：状态与步骤号、已完成清单、产物引用、待办与计划快照；其余字段供复现与审批用。不存消息历史，所以不到 LangGraph 式全量状态的十分之一。',
  'lesson.density.every-step.caption': '换成每步一存，再跑到第 27 步。',
  'lesson.density.every-step-at-27.caption': '到这里已经存了 28 份，文章的设计只存了 8 份：每步一存，慢且冗余。',
  'lesson.density.before-key-actions.caption': '回到文章的设计：存档点在关键动作前——危险操作、外部副作用、阶段切换。',
  'lesson.density.at-step-14.caption': '跑到第 14 步。最新的存档是第 7 步导出阶段开始时那份。',
  'lesson.density.crash-at-14.caption': '进程崩了：内存里的东西全没了，盘上的存档还在。',
  'lesson.density.restart-from-7.yourTurn.ask': '按「重启」。它会从第几步接着跑？',
  'lesson.density.restart-from-7.caption': '从第 7 步接着跑：两次存档之间的进度丢了。',
  'lesson.density.seven-wasted.caption':
    '第 7–13 步重做了一遍：白干 7 步。导出不碰外部世界，重做只费时间；碰外部世界的步骤前都先存了档。',
  'lesson.every-n.every-ten.caption': '换一种密度：每十步存一次，只按步数，不看是什么动作。',
  'lesson.every-n.at-step-20.caption': '做完了 19 步。最新的存档是第 11 步那份（第 10 步做完时存的）。',
  'lesson.every-n.crash-at-20.caption': '进程崩了，盘上的存档还在。',
  'lesson.every-n.restart-from-11.caption': '重启后从第 11 步接着跑：第 11–19 步都得重做。十步一存，最多丢十步。',
  'lesson.every-n.nine-wasted.caption': '回到第 20 步时，白干了 9 步。',
  'lesson.every-n.article-density.caption':
    '同一次崩溃，换回文章的密度：关键动作前存档（危险操作、外部副作用、阶段切换）。',
  'lesson.every-n.article-at-20.caption': '又做完 19 步。最新的存档在第 15 步，转换阶段开始时存的。',
  'lesson.every-n.article-crash.caption': '同样的崩溃。',
  'lesson.every-n.restart-from-15.yourTurn.ask': '按「重启」：这次退回第几步？',
  'lesson.every-n.restart-from-15.caption':
    '退回第 15 步，只重做 5 步，而且都不碰外部世界：碰外部世界的第 24–26 步前各有一份存档。存得密不等于存得对，存在关键动作前才划算。',
  'lesson.fuse.at-step-3.caption': '跑到第 3 步。计数器盯的是「工具 + 参数 + 错误类型」。',
  'lesson.fuse.count-1.yourTurn.ask': '按「工具失败」一次。',
  'lesson.fuse.count-1.caption': '第一段：计数。账本记下错误，这个键数到 1。',
  'lesson.fuse.remind-2.caption': '第二段：提醒。同一个键数到 2，经 system-reminder 通道注入一条提醒。',
  'lesson.fuse.fuse-3.yourTurn.ask': '再按一次，它提醒过了还是原样重试。',
  'lesson.fuse.fuse-3.caption': '第三段：熔断。转 failed 交还给人，当轮不再执行。',
  'lesson.fuse.ten-profiles.caption': '再看一个「看起来在原地打转」的任务：逐个试十种连接配置。',
  'lesson.fuse.new-key-no-fuse.caption': '每次换了参数，就是新的键、新的计数：失败六次，第 7 个配置成功，没有熔断。',
  'lesson.fuse.coarse-guard.caption':
    '换一个粗粒度的守卫：只看工具、不看参数，也不先提醒，同一个工具失败三次就熔断。尝试上限仍是 10，高于提醒阈值。看设计标签。',
  'lesson.fuse.coarse-fuse-trips.caption':
    '试到第 3 个配置就熔断（loop_fuse），可第 7 个本来能通：这就是误伤正当的绕路。文章的键带上参数，还先提醒，才放得过它。',
  'lesson.no-progress.at-step-5.caption': '跑到第 5 步。',
  'lesson.no-progress.no-progress-1.caption':
    '同一个调用返回和上次一样，没有工具报错，照样记一次：无失败也查。文章在 running 里查出它；模拟器记成合成的 no_progress 失败，所以图上经过 tool_failed。',
  'lesson.no-progress.no-progress-remind.caption':
    '第二次没有进展：注入提醒，说的是「没有进展：同一个调用已经 2 次返回同样的结果」，不是「失败了」。',
  'lesson.no-progress.no-progress-fuse.yourTurn.ask': '错误类型选 no_progress，再按一次「工具失败」。',
  'lesson.no-progress.no-progress-fuse.caption':
    '第三次就熔断。模型反复产出相同动作没有进展，和反复失败一样要有人喊停。',
  'lesson.plans.one-shot.caption':
    '一次性计划：开工前拆完全部 40 步。计划不会变，存档里的计划快照只要一个指针：版本 1、游标、总步数。',
  'lesson.plans.dynamic-v1.caption': '动态计划：边跑边调整。一个六步的小迁移，先按第 1 版计划跑。',
  'lesson.plans.at-step-5.caption': '跑到第 5 步，计划还是第 1 版，六步。',
  'lesson.plans.replan.caption':
    '第 5 步发现一张没列出的表，模型改计划：running → planning。这条回边是本模拟器为动态计划加的扩展，文章的图只有两条回边（图上画成虚线）。',
  'lesson.plans.plan-v2.caption':
    '回到 running，第 2 版计划九步。这回存档里的计划快照带着版本 2 和剩下的步骤本身：动态计划里计划也是要存档的一部分。',
  'lesson.plans.crash-after-replan.caption': '进程崩了：内存里的计划和清单都没了。',
  'lesson.plans.todo-read-back.yourTurn.ask': '按「重启」：它还知道计划改过版吗？',
  'lesson.plans.todo-read-back.caption':
    '知道。恢复后第一件事是把待办清单读回来：第 2 版、九步，前 4 步划掉了，接着做第 5 步。进度感不靠回忆，靠这张纸。',
  'lesson.plans.completed-v2.caption': '按第 2 版跑完九步。',
  'lesson.recovery-hints.at-step-3.caption':
    '这个任务会两次碰到同一个错：第 3 步和第 27 步都是 not_found。盯住上下文通道里的恢复提示。',
  'lesson.recovery-hints.not-found-hint.caption':
    '第 3 步读配置：文件没找到。这一步之前没有任何产物改过名，提示说：多半是路径写错或文件还没写出来，先看一眼目录、核对路径再试。',
  'lesson.recovery-hints.path-fixed-asks-27.caption':
    '模型照提示核对了路径（.yaml 不是 .yml），第 3 步过了。一路跑到第 27 步，这一步要改库结构，先等人批。',
  'lesson.recovery-hints.approved.yourTurn.ask': '按「批准」，让第 27 步跑起来。',
  'lesson.recovery-hints.approved.caption':
    '批准，回到 running。第 27 步的计划是在第 18 步之前写的，它还写着旧文件名。',
  'lesson.recovery-hints.renamed-hint.caption':
    '同样是 not_found，提示却不同：产物引用显示第 18 步把 orders.csv 改名为 orders_v2.csv，它直说用新名字。只说「没找到，请重试」，模型会对着旧名再撞一次。',
  'lesson.recovery-hints.completed.caption':
    '用新名字一次就过，任务跑完。提示 = 错误本身 + 任务做过什么（账本、产物引用、计划）。',
  'lesson.remind-recover.at-step-4.caption':
    '第 4 步要数每张表的行数。这条查询原样去跑每次都会超时，除非模型换一种做法。这次的模型听得进提醒。',
  'lesson.remind-recover.timeout-counts-1.caption':
    '超时：转 tool_failed，账本记下，这个键（工具 + 参数 + 错误类型）数到 1，附一条恢复提示。',
  'lesson.remind-recover.reminder-at-2.caption':
    '它原样重试，又超时：同一个键数到 2，达到提醒阈值，下一次重试前经 system-reminder 注入一条提醒：「同一操作已失败 2 次……请换一种做法」。',
  'lesson.remind-recover.changes-approach.yourTurn.ask': '按「单步」，让它带着提醒再试一次。',
  'lesson.remind-recover.changes-approach.caption':
    '回到 running 重试。模型读到了提醒，这次换了做法：不再逐行 count(*)，改查数据库自己的统计（pg_stat_user_tables）——是另一条调用，不是原样重发。',
  'lesson.remind-recover.new-key-step-5.caption':
    '新做法通过了，跑到第 5 步。新查询是一个新的键，它从 0 数起；旧键的 2 次留在账本里。文章说「先提醒（计数重置）」，本模拟器的读法是：换了键才重新计数，光提醒不清零。',
  'lesson.remind-recover.deaf-model.caption': '同一步，换一个听不进提醒的模型。',
  'lesson.remind-recover.deaf-model-fuses.caption':
    '提醒过了它还是原样重试，第三次超时就熔断：转 failed 交还给人。提醒给模型一次自己改的机会；熔断管的是它不改的时候。',
  'lesson.remind-recover.coarse-no-reminder.caption': '再换回听得进提醒的模型，但用不提醒的粗粒度守卫。',
  'lesson.remind-recover.coarse-fuses.caption':
    '没有提醒，模型就不知道该换做法：三次超时后熔断。跳过提醒，能自己走出来的任务也被掐断了。',
  'lesson.replay-takeover.at-step-4.caption': '跑到第 4 步：统计各表行数。',
  'lesson.replay-takeover.failure-saved.yourTurn.ask': '让它失败一次（permission_denied）。',
  'lesson.replay-takeover.failure-saved.caption': '失败先落盘：存档里有「上次错在哪、用什么输入错的」。',
  'lesson.replay-takeover.failure-replay.caption': '失败复现：用记下的输入和种子原地重放，得到同一个错误。',
  'lesson.replay-takeover.fuse-to-person.caption': '再错两次：提醒，然后熔断，交还给人。',
  'lesson.replay-takeover.human-takeover.caption':
    '人工接管：人从存档接手，手工把第 4 步标成完成（账本记为 human），再交还。存档对人是可读的。',
  'lesson.replay-takeover.completed.caption':
    '从第 5 步接着跑到完成（第 27 步照常批准）。中断恢复、失败复现、人工接管，共用同一份存档。',
  'lesson.simple-mode.script-starts.caption': '一个五分钟的一次性脚本：只有四个状态——待跑、在跑、完成，加一个失败。',
  'lesson.simple-mode.script-completes.caption':
    '五步五分钟跑完。它只在内存里记着一张待办清单，一份存档都没写、一行账本都没记：打断了就重跑，最多亏五分钟。',
  'lesson.simple-mode.run-again.caption': '再跑一次，这次让它出错。',
  'lesson.simple-mode.start-again.caption': '开始：从「待跑」到「在跑」。',
  'lesson.simple-mode.fails-straight.yourTurn.ask': '按「工具失败」。',
  'lesson.simple-mode.fails-straight.caption':
    '直接转「失败」：没有重试、没有账本、没有熔断，上下文通道里也没有恢复提示。对五分钟的脚本，这就够了。',
  'lesson.simple-mode.long-task.caption': '跨天、多人、带审批的长任务才值得完整八态。',
  'lesson.simple-mode.eight-states-earn.caption': '四十步的迁移走到第 27 步等人：这里挂起、存档、熔断都用得上。',
  'lesson.smells.no-refs.caption': '坏味道一：存档里只有位置，没有产物引用。',
  'lesson.smells.no-refs-killed.caption':
    '走到第 27 步等审批，存档照样写了，只是没有行李清单。夜里进程被超时杀掉，直到早上都没人管。',
  'lesson.smells.restart-no-refs.yourTurn.ask': '早上了。按「重启」：它知道自己在第几步吗？',
  'lesson.smells.restart-no-refs.caption':
    '知道：第 27 步，还在等审批。可存档里没有产物引用，读过、写过什么它一概不知，只好先把之前的 19 个文件重读一遍：记得结论、忘了过程。',
  'lesson.smells.approved.caption': '批准后它回到 running，从第 27 步接着做。',
  'lesson.smells.rereads-cost.caption': '跑完了，但那 19 次重读是多花的工具调用和 token：存档里带着产物引用就不必花。',
  'lesson.smells.blocking-wait.caption': '坏味道二：等审批时阻塞整个进程。后面还排着一个只需半小时的小任务。',
  'lesson.smells.night-blocked.caption':
    '走到第 27 步等审批。一整夜进程都被占着，直到天亮前被看门狗杀掉；到了早上，排在后面的任务一分钟也没跑。',
  'lesson.smells.queue-runs-late.caption':
    '早上重启、批准之后它才轮到，整个任务到中午才跑完。挂起的该是状态机，不是主循环：文章的设计里它当晚就跑完了。',
  'lesson.three-endings.migration-40.caption':
    '四十步的数据迁移，用文章的设计跑：关键动作前存档，等审批时挂起的是状态机。文章说接下来有三种可能。',
  'lesson.three-endings.asks-at-27.caption':
    '傍晚，第 27 步要改数据库结构，得有人批。挂起前先落盘一次（before_suspend）。这时你走开了。',
  'lesson.three-endings.back-in-ten.yourTurn.ask': '第一种结局：你十分钟后回来了。按「批准」。',
  'lesson.three-endings.back-in-ten.caption':
    '它从第 27 步继续，前 26 步一步不重做——前提是它记得自己进行到哪：批准读的是挂起前那份存档。',
  'lesson.three-endings.next-day-waiting.caption':
    '第二种结局有两支。先看「还在干等」那一支：没有看门狗，进程不会被杀。',
  'lesson.three-endings.waits-all-night.caption':
    '一整夜停在 waiting_approval：每十分钟看一眼有没有批复，不调模型、不花 token、不重发请求。你第二天早上才回来：一批，它就从第 27 步接着跑。',
  'lesson.three-endings.no-checkpoint-watchdog.caption':
    '另一支：早被超时杀掉。这次什么都不存档，看门狗 8 小时后杀进程。',
  'lesson.three-endings.killed-in-night.caption':
    '走到第 27 步等审批，夜里被超时杀掉。第二天早上你回来了：盘上没有任何存档。',
  'lesson.three-endings.restart-from-1.caption': '重启后无档可读，只能从头来：重新受理、重新拆计划，从第 1 步起。',
  'lesson.three-endings.steps-wasted-26.caption': '跑完时，前 26 步白干了一遍。',
  'lesson.three-endings.article-watchdog.caption':
    '同样的故事、同一个看门狗，换回文章的设计：它会在第 27 步挂起前存档。',
  'lesson.three-endings.killed-checkpoint-kept.caption': '一样在夜里被超时杀掉——可到了早上，存档还在盘上。',
  'lesson.three-endings.restart-from-27.yourTurn.ask': '第二天早上你回来了。按「重启」：它会站在哪一步？',
  'lesson.three-endings.restart-from-27.caption':
    '读档：还是第 27 步、还在等审批，请求也没有重发。进度是数据，不是模型「记得」。',
  'lesson.three-endings.no-fuse-failing.caption': '第三种结局：你批了，可第 27 步本身一直失败，而且没有熔断。',
  'lesson.three-endings.retried-until-timeout.caption':
    '同一个调用、同一个错，重试到天亮：token 烧了一晚上，就在同一个坑里打转，最后被超时杀掉。',
  'lesson.three-endings.article-failing.caption': '同样的故事换回文章的设计：循环要有计数。',
  'lesson.three-endings.remind-then-fuse.caption':
    '第二次失败先注入提醒，第三次就熔断：转 failed，带着整本账交还给人，不再烧 token。',
};
