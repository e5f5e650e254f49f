import type { code as en } from './en.code';

/** 状态图旁的文中代码（SPEC §12；在 zh.ts 里合并）。 */
export const code: Record<keyof typeof en, string> = {
  'code.toggle': '显示文中代码',
  'code.title': '文中的循环：状态机正在执行哪一行',
  'code.titleSimple': '简单模式写成代码（示意：文中没有给出代码）',
  'code.now': '第 {line} 行：刚走过的转移 {move} 执行的就是这一行。',
  'code.move': '{from} → {to}（{event}）',
  'code.noteFromMemory': '这个设计不存档：它凭内存接着跑，没有档可读。',
  'code.noteNoDisk': '这次运行没有写下 Checkpoint：什么也没落盘（第 22 行的注释说的是文中的设计）。',
  'code.noteBlocking': '这个设计阻塞等待：进程一直被占着，并没有挂起（第 27 行的注释说的是文中的设计）。',
  'code.noteFuseNoReminder':
    '这次运行用的是粗粒度防护（只看工具），没有先提醒就熔断了；第 10 行注释里的“先提醒”说的是文中的设计。',
  'code.none': '进程已停：没有代码在执行。',
  'code.yet': '还没有转移：循环里还没有哪一行跑过。',
  'code.restarted': '进程刚重新启动，之后还没有转移，所以没有亮起的行。',
  'code.unlisted': '{move}：文中代码里没有这次转移对应的行。',
  'code.cancel': '人叫停的外部信号从循环外直接置入 cancelled：没有哪一行在执行（见第 {line} 行的注释）。',
  'code.wroteUnlisted': '这次转移写下的 Checkpoint：{n} 个。文中代码在这条路径上没有画出这次存档的调用。',
  'code.noteFuse':
    '文中代码在重试回到 running 后的循环顶检查原地打转；引擎在 tool_failed 重试时检查。同一个检查，同一次熔断。',
  'code.noteReplan': '文中把动态调整计划放在推进步骤处（第 14 行注释）：这次转移插入新的步骤。',
  'code.noteLast': '最后一步的推进：随后循环条件看到终态，循环结束。',
};
