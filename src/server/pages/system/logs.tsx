// 日志管理 (/isystem/log): the declared list with its 登录日志 / 操作日志 tabs, delete, export, and 清空日志
// (the current tab's type, after a confirmation).
import type { Hono } from 'hono';
import { logApi } from '../../contracts/logs.js';
import { LOG_TYPES, logsList } from '../../resources/logs.js';
import type { PageEnv } from '../context.js';
import { backToList, registerListPage } from '../list-page.js';
import { setFlash } from '../flash.js';
import { unlessConfirmed } from '../confirm.js';
import { safeLocalPath } from '../safe-path.js';

const route = logsList.route;
const safeBack = (back: unknown) => safeLocalPath(back, route, route);

export function registerLogPages(app: Hono<PageEnv>) {
  registerListPage(app, { spec: logsList });

  app.post(`${route}/clear`, async (c) => {
    const form = await c.req.parseBody();
    const back = safeBack(form.back);
    const type = LOG_TYPES.find((t) => t.value === form.logType) ?? LOG_TYPES[0];
    const asked = unlessConfirmed(c, form, () => ({
      screen: { current: route, title: logsList.title },
      title: '清空日志',
      text: `确定清空全部${type.label}吗？此操作不可恢复。`,
      action: `${route}/clear`,
      hidden: { logType: type.value, back },
      back,
    }));
    if (asked) return asked;
    const res = await c.get('upstream').send(logApi.clear, { query: { logType: type.value } });
    if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '清空成功！' : '清空失败') });
    return backToList(c, back);
  });
}
