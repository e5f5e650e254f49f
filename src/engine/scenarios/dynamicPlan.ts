import { stepRow, titleOf } from '../stepWords';
import { keyIn, stepsFromRows, type Scenario } from './types';

/**
 * A dynamic plan (SPEC §1, §7): at step 5 the model finds a table nobody listed and revises
 * the plan, adding three steps; the plan snapshot in the checkpoint changes version.
 */
export const dynamicPlan: Scenario = {
  id: 'dynamic-plan',
  title: 'scenario.dynamic-plan.title',
  summary: 'scenario.dynamic-plan.summary',
  mode: 'dynamic',
  autoReplanAt: 5,
  steps: stepsFromRows(
    [
      ['inventory', 'shell', 'none', '列出源库的表', 'List the source tables', { cmd: 'psql -c \\dt' }],
      [
        'export',
        'run_sql',
        'none',
        '导出订单表',
        'Export orders',
        { sql: "COPY orders TO 'exports/orders.csv'" },
        'exports/orders.csv',
      ],
      [
        'export',
        'run_sql',
        'none',
        '导出客户表',
        'Export customers',
        { sql: "COPY customers TO 'exports/customers.csv'" },
        'exports/customers.csv',
      ],
      [
        'load',
        'http_call',
        'side_effect',
        '载入订单',
        'Load orders',
        { url: 'POST /warehouse/load', file: 'exports/orders.csv' },
        'job#5101',
      ],
      [
        'load',
        'http_call',
        'side_effect',
        '载入客户',
        'Load customers',
        { url: 'POST /warehouse/load', file: 'exports/customers.csv' },
        'job#5102',
      ],
      ['verify', 'run_sql', 'none', '核对行数', 'Verify row counts', { sql: 'SELECT count(*) FROM orders, customers' }],
    ],
    keyIn('dynamic-plan'),
  ),
  replanAdds: [
    {
      phase: 'export',
      tool: 'run_sql',
      effect: 'none',
      title: titleOf(
        stepRow('step.dynamic-plan.add1', {
          zh: '导出新发现的审计日志表',
          en: 'Export the newly found audit_log table',
        }),
      ),
      args: { sql: "COPY audit_log TO 'exports/audit_log.csv'" },
      produces: 'exports/audit_log.csv',
    },
    {
      phase: 'transform',
      tool: 'shell',
      effect: 'none',
      title: titleOf(stepRow('step.dynamic-plan.add2', { zh: '脱敏审计日志', en: 'Mask the audit log' })),
      args: { cmd: 'mask exports/audit_log.csv' },
      produces: 'transformed/audit_log.csv',
    },
    {
      phase: 'load',
      tool: 'http_call',
      effect: 'side_effect',
      title: titleOf(stepRow('step.dynamic-plan.add3', { zh: '载入审计日志', en: 'Load the audit log' })),
      args: { url: 'POST /warehouse/load', file: 'transformed/audit_log.csv' },
      produces: 'job#5103',
    },
  ],
};
