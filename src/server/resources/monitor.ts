// 系统监控's two list screens, shared by the API and the pages: 在线用户 (live sessions, 强制退出) and
// 请求追踪 (the last requests the server answered, kept in memory, secrets redacted).
import { monitorApi } from '../contracts/monitor.js';
import { resource } from './fields.js';
import type { FormSpec, ListSpec } from './spec.js';

export const MONITOR_ROUTES = {
  system: '/monitor/SystemInfo',
  runtime: '/monitor/JvmInfo',
  http: '/monitor/TomcatInfo',
  redis: '/monitor/redis',
  disk: '/monitor/Disk',
  trace: '/monitor/HttpTrace',
  online: '/monitor/online',
} as const;

/** A live session (sys_session joined with its user as u). */
export const onlineFields = resource({
  username: { label: '用户账号', kind: 'text', column: 'u.username' },
  realname: { label: '用户姓名', kind: 'name' },
  ip: { label: 'IP', kind: 'text', column: 's.ip' },
  browser: { label: '浏览器', kind: 'text' },
  userAgent: { label: 'User-Agent', kind: 'text' },
  // Kept as epoch milliseconds: filtered and sorted as numbers, shown as date and time.
  loginTime: { label: '登录时间', kind: 'int', column: 's.created_at' },
  lastActivity: { label: '最后活动', kind: 'int', column: 's.last_seen_at' },
});

export const onlineList: ListSpec = {
  route: MONITOR_ROUTES.online,
  title: '在线用户',
  api: { list: monitorApi.online },
  columns: [
    onlineFields.column('username', { sortable: true, width: 120 }),
    onlineFields.column('realname', { width: 120 }),
    onlineFields.column('ip', { sortable: true, width: 130 }),
    onlineFields.column('browser', { width: 170 }),
    onlineFields.column('userAgent', { render: 'ellipsis' }),
    onlineFields.column('loginTime', { sortable: true, width: 170 }),
    onlineFields.column('lastActivity', { sortable: true, width: 170 }),
  ],
  filters: [onlineFields.filter('username', 'text', { placeholder: '请输入用户账号' }), onlineFields.filter('ip', 'exact', { placeholder: '请输入IP' })],
  defaultSort: { column: 'lastActivity', order: 'desc' },
  defaultPageSize: 20,
  toolbar: {},
  rowActions: [
    {
      key: 'forceLogout',
      label: '强制退出',
      perm: 'online:forceLogout',
      post: true,
      danger: true,
      confirm: '确定强制该用户退出吗？该会话将立即失效，已打开的页面需要重新登录。',
      showIf: { field: 'current', values: ['0'] },
    },
  ],
  bulkActions: [],
  exportName: '在线用户',
};

/** A request the server answered (kept in memory by monitor/recorder.ts; no table). */
export const traceFields = resource({
  time: { label: '请求时间', kind: 'datetime' },
  method: { label: '请求方法', kind: 'text' },
  uri: { label: '请求URL', kind: 'text' },
  status: { label: '响应状态', kind: 'int' },
  timeTaken: { label: '请求耗时(毫秒)', kind: 'int' },
  username: { label: '用户', kind: 'text' },
  ip: { label: 'IP', kind: 'text' },
  headersText: { label: '请求头', kind: 'text' },
});

export const traceList: ListSpec = {
  route: MONITOR_ROUTES.trace,
  title: '请求追踪',
  api: { list: monitorApi.traces, queryById: monitorApi.trace },
  columns: [
    traceFields.column('time', { sortable: true, width: 170 }),
    traceFields.column('method', { width: 90, align: 'center' }),
    traceFields.column('uri', { render: 'ellipsis' }),
    traceFields.column('status', { sortable: true, width: 90, align: 'center' }),
    traceFields.column('timeTaken', { sortable: true, width: 130, align: 'right' }),
    traceFields.column('username', { width: 110 }),
    traceFields.column('ip', { width: 130 }),
  ],
  filters: [
    traceFields.filter('uri', 'text', { placeholder: '请输入URL中的文字' }),
    traceFields.filter('method', 'exact', { placeholder: '如 GET、POST' }),
    traceFields.filter('status', 'exact', { placeholder: '如 200、404、5xx' }),
  ],
  defaultSort: { column: 'time', order: 'desc' },
  defaultPageSize: 20,
  toolbar: {},
  rowActions: [{ key: 'detail', label: '详情' }],
  bulkActions: [],
  exportName: '请求追踪',
};

/** 请求追踪's 详情: the request as recorded (secrets already redacted), its kept headers one a line. */
export const traceDetail: FormSpec = {
  width: 760,
  // Shown, not edited: every value as text.
  fields: [
    traceFields.formField('time', { type: 'text' }),
    traceFields.formField('method'),
    traceFields.formField('uri', { type: 'textarea' }),
    traceFields.formField('status', { type: 'text' }),
    traceFields.formField('timeTaken', { type: 'text' }),
    traceFields.formField('username'),
    traceFields.formField('ip'),
    traceFields.formField('headersText', { type: 'textarea' }),
  ],
};
