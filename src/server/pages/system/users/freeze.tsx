// 用户管理 → 冻结 / 解冻: a confirmation dialog for one row; the bulk buttons post the selection with hx-confirm.
import type { Hono } from 'hono';
import { userAdminApi } from '../../../contracts/users.js';
import { ConfirmView, FormView } from '../../../../templates/list/form-view.js';
import type { PageEnv } from '../../context.js';
import { backToList, setFlash, wantsDialog } from '../../list-page.js';
import { shellPage } from '../../shell-page.js';
import { dialogOrPage, expired, first, ids, route, safeBack, spec, str } from './shared.js';

/** Confirmation dialog of 冻结 / 解冻 for one user (the bulk buttons ask with hx-confirm instead). */
function StatusDialog(p: { action: 'freeze' | 'unfreeze'; id: string; name: string; back: string; asDialog: boolean }) {
  const text = p.action === 'freeze' ? `确定冻结用户“${p.name}”吗？冻结后该用户立即退出登录，且无法再登录。` : `确定解冻用户“${p.name}”吗？解冻后该用户可以重新登录。`;
  return (
    <FormView
      title={p.action === 'freeze' ? '冻结用户' : '解冻用户'}
      width={460}
      fields={[]}
      values={{}}
      errors={{}}
      options={{}}
      action={`${route}/${p.action}`}
      back={p.back}
      mode="edit"
      hidden={{ ids: p.id, back: p.back, confirmed: '1' }}
      asDialog={p.asDialog}
    >
      <p class="xt-confirm-text">{text}</p>
    </FormView>
  );
}

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
      return dialogOrPage(c, () => <StatusDialog action={key} id={id} name={name} back={back} asDialog={wantsDialog(c)} />);
    });
    app.post(`${route}/${key}`, async (c) => {
      const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
      const back = safeBack(first(form.back));
      const chosen = ids(form.ids ?? form.id);
      if (!chosen.length) {
        setFlash(c, { type: 'warning', text: '请选择一条记录！' });
        return backToList(c, back);
      }
      if (first(form.confirmed) !== '1') {
        return shellPage(c, { current: route, title: spec.title }, () => (
          <ConfirmView title={`${label}用户`} text={`确定${label}选中的 ${chosen.length} 个用户吗?`} action={`${route}/${key}`} hidden={{ ids: chosen.join(','), back }} back={back} />
        ));
      }
      const res = await c.get('upstream').send(userAdminApi.freeze, { body: { ids: chosen.join(','), status } });
      if (expired(res)) return c.redirect('/user/login', 303);
      setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.success ? `${label}成功` : res.body.message || '操作失败' });
      return backToList(c, back);
    });
  }
}
