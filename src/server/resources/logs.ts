// 日志管理 (/isystem/log): login logs (type 1) and operation logs (type 2), one list with a tab per type.
import type { ListSpec } from './spec.js';

export const LOG_TYPES = [
  { value: '1', label: '登录日志' },
  { value: '2', label: '操作日志' },
];

export const logsList: ListSpec = {
  route: '/isystem/log',
  title: '日志管理',
  api: {
    list: '/sys/log/list',
    delete: '/sys/log/delete',
    deleteBatch: '/sys/log/deleteBatch',
    exportXls: '/sys/log/exportXls',
  },
  tabs: { key: 'logType', label: '日志类型', items: LOG_TYPES },
  columns: [
    { key: 'logContent', title: '日志内容' },
    { key: 'username', title: '操作人', sortable: true, width: 110 },
    { key: 'userid', title: '操作人ID', list: false },
    { key: 'ip', title: 'IP', sortable: true, width: 130 },
    { key: 'operateType', title: '操作类型', dict: 'operate_type', width: 90, align: 'center' },
    { key: 'requestUrl', title: '请求路径', list: false },
    { key: 'costTime', title: '耗时(毫秒)', sortable: true, width: 110, align: 'right' },
    { key: 'logType', title: '日志类型', dict: 'log_type', list: false },
    { key: 'createTime', title: '创建时间', sortable: true, width: 170 },
  ],
  filters: [
    { key: 'keyWord', label: '搜索日志', type: 'text', placeholder: '请输入日志内容' },
    { key: 'username', label: '操作人', type: 'text', placeholder: '请输入账号' },
    { key: 'createTime', label: '创建时间', type: 'dateRange' },
    { key: 'operateType', label: '操作类型', type: 'dict', dict: 'operate_type', advanced: true },
    { key: 'ip', label: 'IP', type: 'exact', placeholder: '请输入IP', advanced: true },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  defaultPageSize: 20,
  toolbar: {
    export: { key: 'export', label: '导出' },
    actions: [{ key: 'clear', label: '清空日志', perm: 'log:del', confirm: '确定清空当前类型的全部日志吗？此操作不可恢复。', danger: true }],
  },
  rowActions: [{ key: 'delete', label: '删除', perm: 'log:del', confirm: '确定删除吗?', danger: true }],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'log:del', confirm: '是否删除选中数据?', danger: true }],
  exportName: '系统日志',
};
