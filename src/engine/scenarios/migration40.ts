import { stepsFromRows, type Scenario, type StepRow } from './types';

const TABLES = ['orders', 'customers', 'products', 'invoices', 'payments', 'shipments', 'inventory', 'reviews'] as const;
const TABLES_ZH: Record<(typeof TABLES)[number], string> = {
  orders: '订单',
  customers: '客户',
  products: '商品',
  invoices: '发票',
  payments: '支付',
  shipments: '物流',
  inventory: '库存',
  reviews: '评价',
};

/**
 * The article's 40-step data migration: inventory 1–6, export 7–14, transform 15–22 (step 18
 * renames orders.csv to orders_v2.csv), load 23–32 (side effects in the warehouse; 27 is the
 * risky schema change and the only risky step), verify 33–40.
 */
export const MIGRATION_ROWS: readonly StepRow[] = [
  ['inventory', 'shell', 'none', '列出源库的表', 'List the source tables', { cmd: 'psql -c \\dt' }],
  ['inventory', 'read_file', 'none', '读取源库表结构', 'Read the source schema', { path: 'schema/source.sql' }],
  ['inventory', 'read_file', 'none', '读取迁移配置', 'Read the migration config', { path: 'config/migration.yaml' }],
  ['inventory', 'run_sql', 'none', '统计各表行数', 'Count rows per table', { sql: 'SELECT count(*) FROM each table' }],
  ['inventory', 'shell', 'none', '检查磁盘空间', 'Check disk space', { cmd: 'df -h /data' }],
  ['inventory', 'write_file', 'none', '写盘点报告', 'Write the inventory report', { path: 'reports/inventory.md' }, 'reports/inventory.md'],
  ...TABLES.map(
    (t): StepRow => ['export', 'run_sql', 'none', `导出${TABLES_ZH[t]}表`, `Export ${t}`, { sql: `COPY ${t} TO 'exports/${t}.csv'` }, `exports/${t}.csv`],
  ),
  ['transform', 'shell', 'none', '客户去重', 'Deduplicate customers', { cmd: 'dedupe exports/customers.csv' }, 'transformed/customers.csv'],
  ['transform', 'shell', 'none', '统一日期格式', 'Normalise dates', { cmd: 'normalise-dates exports/invoices.csv' }, 'transformed/invoices.csv'],
  ['transform', 'shell', 'none', '换算货币', 'Convert currencies', { cmd: 'fx exports/payments.csv' }, 'transformed/payments.csv'],
  ['transform', 'shell', 'none', '订单去重并改名为 v2', 'Deduplicate orders and rename to v2', { cmd: 'dedupe exports/orders.csv' }, 'exports/orders_v2.csv', 'exports/orders.csv'],
  ['transform', 'shell', 'none', '补齐商品分类', 'Fill product categories', { cmd: 'categorise exports/products.csv' }, 'transformed/products.csv'],
  ['transform', 'shell', 'none', '校验地址', 'Validate addresses', { cmd: 'check-addresses exports/shipments.csv' }, 'transformed/shipments.csv'],
  ['transform', 'shell', 'none', '清洗评价文本', 'Clean review text', { cmd: 'clean exports/reviews.csv' }, 'transformed/reviews.csv'],
  ['transform', 'write_file', 'none', '写转换清单', 'Write the transform manifest', { path: 'transformed/manifest.json' }, 'transformed/manifest.json'],
  ['load', 'http_call', 'side_effect', '创建目标库', 'Create the target database', { url: 'POST /warehouse/databases' }, 'job#4707'],
  ['load', 'http_call', 'side_effect', '载入客户', 'Load customers', { url: 'POST /warehouse/load', file: 'transformed/customers.csv' }, 'job#4708'],
  ['load', 'http_call', 'side_effect', '载入商品', 'Load products', { url: 'POST /warehouse/load', file: 'transformed/products.csv' }, 'job#4709'],
  ['load', 'http_call', 'side_effect', '载入发票', 'Load invoices', { url: 'POST /warehouse/load', file: 'transformed/invoices.csv' }, 'job#4710'],
  ['load', 'run_sql', 'risky', '变更订单表结构（需审批）', 'Change the orders schema (needs approval)', { sql: 'ALTER TABLE orders ADD COLUMN region_id', file: 'exports/orders_v2.csv' }, 'job#4711'],
  ['load', 'http_call', 'side_effect', '载入订单', 'Load orders', { url: 'POST /warehouse/load', file: 'exports/orders_v2.csv' }, 'job#4712'],
  ['load', 'http_call', 'side_effect', '载入支付', 'Load payments', { url: 'POST /warehouse/load', file: 'transformed/payments.csv' }, 'job#4713'],
  ['load', 'http_call', 'side_effect', '载入物流', 'Load shipments', { url: 'POST /warehouse/load', file: 'transformed/shipments.csv' }, 'job#4714'],
  ['load', 'http_call', 'side_effect', '载入库存', 'Load inventory', { url: 'POST /warehouse/load', file: 'exports/inventory.csv' }, 'job#4715'],
  ['load', 'http_call', 'side_effect', '载入评价', 'Load reviews', { url: 'POST /warehouse/load', file: 'transformed/reviews.csv' }, 'job#4716'],
  ...TABLES.map(
    (t): StepRow => ['verify', 'run_sql', 'none', `核对${TABLES_ZH[t]}行数`, `Verify ${t} row counts`, { sql: `SELECT count(*) FROM ${t}` }],
  ),
];

export const migration40: Scenario = {
  id: 'migration-40',
  title: { zh: '四十步数据迁移', en: '40-step data migration' },
  summary: {
    zh: '文章开头的故事：第 27 步变更数据库结构，需要人审批。',
    en: 'The article’s opening story: step 27 changes the database schema and needs a person’s approval.',
  },
  mode: 'one_shot',
  steps: stepsFromRows(MIGRATION_ROWS),
};
