import { keyIn, stepsFromRows, type Scenario } from './types';

/** A five-minute, five-step script: where eight states are over-design (SPEC §7, article §边界). */
export const script5min: Scenario = {
  id: 'script-5min',
  title: 'scenario.script-5min.title',
  summary: 'scenario.script-5min.summary',
  mode: 'one_shot',
  simple: true,
  // About a minute a step, no jitter: five virtual minutes in all (SPEC §9).
  steps: stepsFromRows(
    [
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
    ],
    keyIn('script-5min'),
  ).map((s) => ({ ...s, minutes: 1 })),
};
