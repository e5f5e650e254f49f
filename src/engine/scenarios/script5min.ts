import { stepsFromRows, type Scenario } from './types';

/** A five-minute, five-step script: where eight states are over-design (SPEC §7, article §边界). */
export const script5min: Scenario = {
  id: 'script-5min',
  title: { zh: '五分钟的小脚本', en: 'A five-minute script' },
  summary: {
    zh: '一次性的短任务：待跑 / 在跑 / 完成 / 失败四个状态就够，八状态是过度设计。',
    en: 'A short one-off task: pending / running / done / failed is enough; eight states would be over-design.',
  },
  mode: 'one_shot',
  simple: true,
  // About a minute a step, no jitter: five virtual minutes in all (SPEC §9).
  steps: stepsFromRows([
    ['script', 'read_file', 'none', '读取日志', 'Read the log', { path: 'logs/app.log' }],
    ['script', 'shell', 'none', '筛出错误行', 'Grep the error lines', { cmd: 'grep ERROR logs/app.log' }],
    ['script', 'shell', 'none', '按小时统计', 'Count per hour', { cmd: 'count-per-hour' }],
    [
      'script',
      'write_file',
      'none',
      '写出报表',
      'Write the report',
      { path: 'reports/errors.csv' },
      'reports/errors.csv',
    ],
    ['script', 'shell', 'none', '打印摘要', 'Print a summary', { cmd: 'head reports/errors.csv' }],
  ]).map((s) => ({ ...s, minutes: 1 })),
};
