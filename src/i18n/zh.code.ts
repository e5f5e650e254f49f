import type { code as en } from './en.code';

/** 状态图旁的文中代码（SPEC §12；在 zh.ts 里合并）。 */
export const code: Record<keyof typeof en, string> = {
  'code.toggle': '显示文中代码',
  'code.title': '文中的循环：状态机正在执行哪一行',
  'code.now': '正在执行：第 {lines} 行',
  'code.nowMany': '正在执行：第 {lines} 行',
  'code.none': '进程已停：没有代码在执行。',
};
