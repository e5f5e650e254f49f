/**
 * The article's own section headings (000_5541e6f8a5a9d8fe.txt), as a lesson's caption cites
 * them: "heading · sub-heading" where the article has one (its 边界与取舍 and 其余技术定义 group short
 * sections). A closed list, so a caption cannot
 * cite a section the article does not have; the UI opens the article at the heading before " · ".
 */
export const ARTICLE_SECTIONS = [
  '先从三种「从头再来」说起',
  '渐进拆解',
  '八状态与转移',
  'Checkpoint 存什么',
  '其余技术定义 · 步骤账本',
  '其余技术定义 · 中断恢复、失败复现与人工接管',
  '其余技术定义 · 死循环识别与行为干预',
  '其余技术定义 · 上下文感知的错误恢复提示',
  '动手：转移、存档与熔断',
  '边界与取舍 · 简单任务不需要八状态',
  '边界与取舍 · Checkpoint 的密度是个折中',
  '边界与取舍 · 熔断会误伤正当的绕路',
  '坏味道预警',
  '自测',
] as const;

export type ArticleSection = (typeof ARTICLE_SECTIONS)[number];

/** The heading to scroll the article to (the part before " · "). */
export const headingOf = (s: ArticleSection): string => s.split(' · ')[0] ?? s;
