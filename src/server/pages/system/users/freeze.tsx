// 用户管理 → 冻结 / 解冻: the one confirmation (a dialog for one row, naming the user); the bulk buttons post the
// selection with hx-confirm, and a post without it is asked on a page.
import type { Hono } from 'hono';
import { userAdminApi } from '../../../contracts/users.js';
import type { PageEnv } from '../../context.js';
import { askConfirmation, unlessConfirmed } from '../../confirm.js';
import { backToList } from '../../list-page.js';
import { setFlash } from '../../flash.js';
import { expired, first, ids, route, safeBack, SCREEN, str } from './shared.js';

export function registerFreezePages(app: Hono<PageEnv>) {
  for (const key of ['freeze', 'unfreeze'] as const) {
    const status = key === 'freeze' ? '2' : '1';
    const label = key === 'freeze' ? '冻结' : '解冻';
    app.get(`${route}/${key}`, async (c) => {
      const id = c.req.query('id') ?? '';
      const back = safeBack(c.req.query('back'));
      const res = await c.get('upstream').send(userAdminApi.queryById, { query: { id } });
      if (!res.body.success) {
        if (expired(res)) return c.redirect('/user/login', 303);
        setFlash(c, { type: 'error', text: res.body.message || '未找到对应实体' });
        return backToList(c, back);
      }
      const name = str(res.body.result.realname) || str(res.body.result.username);
      return askConfirmation(c, {
        screen: SCREEN,
        title: `${label}用户`,
        text: key === 'freeze' ? `确定冻结用户“${name}”吗？冻结后该用户立即退出登录，且无法再登录。` : `确定解冻用户“${name}”吗？解冻后该用户可以重新登录。`,
        action: `${route}/${key}`,
        hidden: { ids: id, back },
        back,
        danger: key === 'freeze',
      });
    });
    app.post(`${route}/${key}`, async (c) => {
      const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
      const back = safeBack(first(form.back));
      const chosen = ids(form.ids ?? form.id);
      if (!chosen.length) {
        setFlash(c, { type: 'warning', text: '请选择一条记录！' });
        return backToList(c, back);
      }
      const asked = unlessConfirmed(c, form, () => ({
        screen: SCREEN,
        title: `${label}用户`,
        text: `确定${label}选中的 ${chosen.length} 个用户吗?`,
        action: `${route}/${key}`,
        hidden: { ids: chosen.join(','), back },
        back,
        danger: key === 'freeze',
      }));
      if (asked) return asked;
      const res = await c.get('upstream').send(userAdminApi.freeze, { body: { ids: chosen.join(','), status } });
      if (expired(res)) return c.redirect('/user/login', 303);
      setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.success ? `${label}成功` : res.body.message || '操作失败' });
      return backToList(c, back);
    });
  }
}
