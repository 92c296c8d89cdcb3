// 系统监控's two list screens, shared by the API and the pages: 在线用户 (live sessions, 强制退出) and
// 请求追踪 (the last requests the server answered, kept in memory, secrets redacted).
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

export const onlineList: ListSpec = {
  route: MONITOR_ROUTES.online,
  title: '在线用户',
  api: { list: '/sys/online/list' },
  columns: [
    { key: 'username', title: '用户账号', sortable: true, width: 120 },
    { key: 'realname', title: '用户姓名', width: 120 },
    { key: 'ip', title: 'IP', sortable: true, width: 130 },
    { key: 'browser', title: '浏览器', width: 170 },
    { key: 'userAgent', title: 'User-Agent', render: 'ellipsis' },
    { key: 'loginTime', title: '登录时间', sortable: true, width: 170 },
    { key: 'lastActivity', title: '最后活动', sortable: true, width: 170 },
  ],
  filters: [
    { key: 'username', label: '用户账号', type: 'text', placeholder: '请输入用户账号' },
    { key: 'ip', label: 'IP', type: 'exact', placeholder: '请输入IP' },
  ],
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

export const traceList: ListSpec = {
  route: MONITOR_ROUTES.trace,
  title: '请求追踪',
  api: { list: '/actuator/httptrace/list', queryById: '/actuator/httptrace/queryById' },
  columns: [
    { key: 'time', title: '请求时间', sortable: true, width: 170 },
    { key: 'method', title: '请求方法', width: 90, align: 'center' },
    { key: 'uri', title: '请求URL', render: 'ellipsis' },
    { key: 'status', title: '响应状态', sortable: true, width: 90, align: 'center' },
    { key: 'timeTaken', title: '请求耗时(毫秒)', sortable: true, width: 130, align: 'right' },
    { key: 'username', title: '用户', width: 110 },
    { key: 'ip', title: 'IP', width: 130 },
  ],
  filters: [
    { key: 'uri', label: '请求URL', type: 'text', placeholder: '请输入URL中的文字' },
    { key: 'method', label: '请求方法', type: 'exact', placeholder: '如 GET、POST' },
    { key: 'status', label: '响应状态', type: 'exact', placeholder: '如 200、404、5xx' },
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
  fields: [
    { key: 'time', label: '请求时间', type: 'text' },
    { key: 'method', label: '请求方法', type: 'text' },
    { key: 'uri', label: '请求URL', type: 'textarea' },
    { key: 'status', label: '响应状态', type: 'text' },
    { key: 'timeTaken', label: '请求耗时(毫秒)', type: 'text' },
    { key: 'username', label: '用户', type: 'text' },
    { key: 'ip', label: 'IP', type: 'text' },
    { key: 'headersText', label: '请求头', type: 'textarea' },
  ],
};
