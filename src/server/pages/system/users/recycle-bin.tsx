// 用户管理 → 回收站: deleted users (the sub-list userRecycleBin), 还原 and 彻底删除 one or many, confirmed.
import type { Hono } from 'hono';
import { userAdminApi } from '../../../contracts/users.js';
import { canUse } from '../../../resources/auth.js';
import { userRecycleBin } from '../../../resources/users.js';
import { Alert, LinkButton } from '../../../../templates/antd.js';
import { navAttrs } from '../../../../templates/list/list-view.js';
import { SubList } from '../../../../templates/list/sub-list.js';
import type { PageEnv } from '../../context.js';
import { takeFlash } from '../../flash.js';
import { loadSubList, registerSubListAction } from '../../sub-list.js';
import { shellPage } from '../../shell-page.js';
import { RECYCLE, route, STYLE } from './shared.js';

const SCREEN = { current: route, title: '用户回收站' };

export function registerRecycleBinPages(app: Hono<PageEnv>) {
  app.get(RECYCLE, (c) =>
    shellPage(c, SCREEN, async (session) => {
      const allowed = canUse(session.permissions, 'user:recycle');
      const res = allowed ? await c.get('upstream').send(userAdminApi.recycleBin) : null;
      const rows = !res ? { error: '没有权限，请联系管理员授权' } : res.body.success ? { records: res.body.result as unknown as Record<string, unknown>[] } : { error: res.body.message };
      const data = await loadSubList(c, userRecycleBin, { rows });
      const flash = takeFlash(c);
      return (
        <section class="ant-card ant-card-bordered app xt-bin">
          <style>{STYLE}</style>
          <div class="ant-card-body">
            {flash && <Alert type={flash.type}>{flash.text}</Alert>}
            <div class="xt-bin-head">
              <h2>用户回收站</h2>
              <div class="xt-bin-tools">
                <LinkButton {...navAttrs(route)}>返回用户列表</LinkButton>
              </div>
            </div>
            <SubList spec={userRecycleBin} placement="tab" {...data} can={(code) => canUse(session.permissions, code)} />
          </div>
        </section>
      );
    }),
  );
  for (const key of ['restore', 'purge'] as const) {
    const label = key === 'restore' ? '还原' : '彻底删除';
    registerSubListAction(app, {
      spec: userRecycleBin,
      key,
      screen: SCREEN,
      confirm: (_c, chosen) => ({ title: `${label}用户`, text: `确定${label}选中的 ${chosen.length} 个用户吗?${key === 'purge' ? '此操作不可恢复!' : ''}` }),
      call: (up, chosen) =>
        key === 'restore' ? up.send(userAdminApi.restore, { body: { userIds: chosen.join(',') } }) : up.send(userAdminApi.purge, { query: { userIds: `${chosen.join(',')},` } }),
    });
  }
}
