// 日志管理 (/isystem/log): login logs (type 1) and operation logs (type 2), one list with a tab per type.
import { logApi } from '../contracts/logs.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type ListSpec } from './spec.js';

export const LOG_TYPES = [
  { value: '1', label: '登录日志' },
  { value: '2', label: '操作日志' },
];

/** A log entry (sys_log). */
export const logFields = resource({
  logContent: { label: '日志内容', kind: 'text' },
  // 搜索日志: words of the content (the list's own parameter, not an allow-listed column).
  keyWord: { label: '搜索日志', kind: 'text', column: 'log_content' },
  username: { label: '操作人', kind: 'text' },
  userid: { label: '操作人ID', kind: 'text' },
  ip: { label: 'IP', kind: 'text' },
  operateType: { label: '操作类型', kind: 'int', dict: 'operate_type' },
  requestUrl: { label: '请求路径', kind: 'text' },
  costTime: { label: '耗时(毫秒)', kind: 'int' },
  logType: { label: '日志类型', kind: 'int', dict: 'log_type' },
  createTime: { label: '创建时间', kind: 'datetime' },
});

// 导出 carries no code.
const logActions = crudActions({ del: 'log:del' }, { deleteInline: true });

export const logsList: ListSpec = {
  route: '/isystem/log',
  title: '日志管理',
  api: listEndpoints(logApi),
  tabs: { key: 'logType', label: logFields.rule('logType').label, items: LOG_TYPES },
  columns: [
    logFields.column('logContent'),
    logFields.column('username', { sortable: true, width: 110 }),
    logFields.column('userid', { list: false }),
    logFields.column('ip', { sortable: true, width: 130 }),
    logFields.column('operateType', { width: 90, align: 'center' }),
    logFields.column('requestUrl', { list: false }),
    logFields.column('costTime', { sortable: true, width: 110, align: 'right' }),
    logFields.column('logType', { list: false }),
    logFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [
    logFields.filter('keyWord', 'text', { placeholder: '请输入日志内容' }),
    logFields.filter('username', 'text', { placeholder: '请输入账号' }),
    logFields.filter('createTime', 'dateRange'),
    logFields.filter('operateType', 'dict', { advanced: true }),
    logFields.filter('ip', 'exact', { placeholder: '请输入IP', advanced: true }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  defaultPageSize: 20,
  toolbar: {
    export: logActions.export,
    actions: [{ key: 'clear', label: '清空日志', perm: 'log:del', confirm: '确定清空当前类型的全部日志吗？此操作不可恢复。', danger: true }],
  },
  rowActions: [logActions.delete],
  bulkActions: [logActions.batchDelete],
  exportName: '系统日志',
};
