// 数据迁移 (/system/dataImport): the runs of `npm run import:teaching-open`, newest first, each with its totals and
// 查看报告 (the whole report in a dialog). Read-only: runs are written by the importer alone.
import { importRunApi, type ImportRunStatus } from '../contracts/import-runs.js';
import { resource } from './fields.js';
import { listEndpoints, type ListSpec } from './spec.js';

const IMPORT_RUN_ROUTE = '/system/dataImport';

/** The admin-only code of the screen and its API (ADMIN_ONLY_CODES): a report names the source host and accounts. */
export const IMPORT_RUN_CODE = 'importRun:view';

export const IMPORT_RUN_STATUSES: { value: ImportRunStatus; label: string }[] = [
  { value: 'running', label: '进行中' },
  { value: 'done', label: '完成' },
  { value: 'failed', label: '失败' },
];
const STATUS_COLORS: Record<ImportRunStatus, string> = { running: 'blue', done: 'green', failed: 'red' };

/** A run (sys_import_run); the totals are the report's, computed by the API. */
export const importRunFields = resource({
  startedAt: { label: '开始时间', kind: 'datetime' },
  finishedAt: { label: '结束时间', kind: 'datetime' },
  source: { label: '来源', kind: 'text', max: 512 },
  filesDir: { label: '上传目录', kind: 'text', max: 1024 },
  status: { label: '状态', kind: 'choice', options: IMPORT_RUN_STATUSES },
  message: { label: '说明', kind: 'text', max: 1024 },
});

/** The totals over every table of a run, and the sizes of its report's lists. */
const TOTALS = [
  { key: 'read', title: '读取' },
  { key: 'imported', title: '新增' },
  { key: 'updated', title: '更新' },
  { key: 'skipped', title: '跳过' },
  { key: 'missingFiles', title: '缺少文件' },
] as const;

export const importRunsList: ListSpec = {
  route: IMPORT_RUN_ROUTE,
  title: '数据迁移',
  api: listEndpoints(importRunApi),
  tabs: { key: 'status', label: importRunFields.rule('status').label, items: [{ value: '', label: '全部' }, ...IMPORT_RUN_STATUSES] },
  columns: [
    importRunFields.column('startedAt', { sortable: true, width: 170 }),
    importRunFields.column('source', { render: 'ellipsis' }),
    importRunFields.column('status', { width: 90, align: 'center', render: 'tag', options: IMPORT_RUN_STATUSES, colors: STATUS_COLORS }),
    ...TOTALS.map((t) => ({ ...t, width: 90, align: 'right' as const })),
    importRunFields.column('finishedAt', { width: 170, list: false }),
    importRunFields.column('message', { list: false }),
  ],
  filters: [importRunFields.filter('source', 'text', { placeholder: '请输入来源' }), importRunFields.filter('startedAt', 'dateRange')],
  defaultSort: { column: 'startedAt', order: 'desc' },
  defaultPageSize: 10,
  toolbar: {},
  rowActions: [{ key: 'report', label: '查看报告', perm: IMPORT_RUN_CODE }],
  bulkActions: [],
  exportName: '数据迁移',
  phoneColumns: ['startedAt', 'status', 'imported'],
};
