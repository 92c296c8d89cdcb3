// 日志管理 (/sys/log): login and operation logs — the list, delete, export and 清空日志.
import type { Page } from './shapes.js';
import { DELETE, GET } from './endpoint.js';

/** A log row (sys_log); logType 1: 登录日志, 2: 操作日志. */
export interface LogRecord extends Record<string, unknown> {
  id: string;
  logType: number;
  logContent: string | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  operateType: number | null;
  requestUrl: string | null;
  costTime: number | null;
  createTime: string | null;
}

export const logApi = {
  list: GET<Page<LogRecord>>('/sys/log/list'),
  delete: DELETE<null, never, { id: string }>('/sys/log/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/log/deleteBatch'),
  exportXls: GET<never>('/sys/log/exportXls'),
  /** 清空日志: every log of one type. */
  clear: DELETE<{ deleted: number }, never, { logType: '1' | '2' }>('/sys/log/clear'),
};
