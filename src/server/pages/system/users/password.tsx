// 用户管理 → 密码: the administrator sets a new password; the user's sessions end.
import type { Hono } from 'hono';
import { userAdminApi } from '../../../contracts/users.js';
import type { FieldSpec } from '../../../resources/spec.js';
import { passwordForm } from '../../../resources/users.js';
import { FormView } from '../../../../templates/list/form-view.js';
import type { PageEnv } from '../../context.js';
import { dialogPage } from '../../dialog-page.js';
import { backToList } from '../../list-page.js';
import { setFlash } from '../../flash.js';
import { expired, first, route, safeBack, SCREEN, str } from './shared.js';

export function registerPasswordPages(app: Hono<PageEnv>) {
  const passwordFields: FieldSpec[] = [{ key: 'username', label: '用户账号', type: 'text', readonlyOnEdit: true }, ...passwordForm.fields];
  const passwordView = (asDialog: boolean, a: { id: string; username: string; back: string; errors?: Record<string, string>; message?: string }) => (
    <FormView
      title="修改密码"
      width={passwordForm.width}
      fields={passwordFields}
      values={{ username: a.username }}
      errors={a.errors ?? {}}
      message={a.message}
      options={{}}
      action={`${route}/password`}
      back={a.back}
      mode="edit"
      hidden={{ id: a.id, back: a.back }}
      asDialog={asDialog}
    />
  );
  app.get(`${route}/password`, async (c) => {
    const id = c.req.query('id') ?? '';
    const back = safeBack(c.req.query('back'));
    const res = await c.get('upstream').send(userAdminApi.queryById, { query: { id } });
    if (!res.body.success) {
      if (expired(res)) return c.redirect('/user/login', 303);
      setFlash(c, { type: 'error', text: res.body.message || '未找到对应实体' });
      return backToList(c, back);
    }
    return dialogPage(c, SCREEN, (asDialog) => passwordView(asDialog, { id, username: str(res.body.result.username), back }));
  });
  app.post(`${route}/password`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const id = first(form.id);
    const back = safeBack(first(form.back));
    const res = await c.get('upstream').send(userAdminApi.changePassword, {
      body: { id, password: first(form.password), confirmpassword: first(form.confirmpassword) },
    });
    if (res.body.success) {
      setFlash(c, { type: 'success', text: res.body.message || '密码修改成功!' });
      return backToList(c, back);
    }
    if (expired(res)) return c.redirect('/user/login', 303);
    const errors = res.body.result?.errors ?? {};
    const placed = Object.keys(errors).length > 0 && Object.keys(errors).every((k) => passwordFields.some((f) => f.key === k));
    return dialogPage(c, SCREEN, (asDialog) => passwordView(asDialog, { id, username: first(form.username), back, errors, message: placed ? undefined : res.body.message }));
  });
}
