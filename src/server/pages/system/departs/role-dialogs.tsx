// 班级管理's grant saves and department-role dialogs: the 部门权限 and role-grant diff saves, the role form
// (new, edit) and the role delete confirmation.
import type { Context, Hono } from 'hono';
import { departRoleForm } from '../../../resources/departs.js';
import { FormView } from '../../../../templates/list/form-view.js';
import type { PageEnv } from '../../context.js';
import { askConfirmation, unlessConfirmed } from '../../confirm.js';
import { formToBody, isHtmx } from '../../list-page.js';
import { departPermissionApi, departRoleApi } from '../../../contracts/departs.js';
import { ask, done, formList, formString, R, respond, safeBack, screenHref, str, TITLE } from './shared.js';

export function registerRoleDialogs(app: Hono<PageEnv>) {
  // Department permissions and a department role's grants (diff saves).
  app.post(`${R}/permissions`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const departId = formString(form.departId);
    const res = await c.get('upstream').send(departPermissionApi.save, {
      body: { departId, permissionIds: formList(form.permissionIds).join(','), lastpermissionIds: formString(form.lastpermissionIds) },
    });
    return done(c, res.body.success, res.body.message, safeBack(form.back));
  });
  app.post(`${R}/role-permissions`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const res = await c.get('upstream').send(departRoleApi.savePermissions, {
      body: { roleId: formString(form.roleId), permissionIds: formList(form.permissionIds).join(','), lastpermissionIds: formString(form.lastpermissionIds) },
    });
    return done(c, res.body.success, res.body.message, safeBack(form.back));
  });

  // Department role add/edit/delete.
  const renderRoleForm = async (asDialog: boolean, a: { id: string; roleId: string; values: Record<string, unknown>; errors: Record<string, string>; message?: string; back: string }) => (
    <FormView
      title={a.roleId ? '编辑部门角色' : '新建部门角色'}
      width={departRoleForm.width}
      fields={departRoleForm.fields}
      values={a.values}
      errors={a.errors}
      message={a.message}
      options={{}}
      action={`${R}/role-save`}
      back={a.back}
      mode={a.roleId ? 'edit' : 'add'}
      hidden={{ id: a.id, back: a.back, ...(a.roleId ? { roleId: a.roleId } : {}) }}
      asDialog={asDialog}
    />
  );
  app.get(`${R}/role-form`, async (c) => {
    const id = c.req.query('id') ?? '';
    const roleId = c.req.query('roleId') ?? '';
    const back = safeBack(c.req.query('back'));
    let values: Record<string, unknown> = {};
    if (roleId) {
      const res = await c.get('upstream').send(departRoleApi.queryById, { query: { id: roleId } });
      if (!res.body.success) return done(c, false, res.body.message, back);
      values = res.body.result;
    }
    return respond(c, TITLE, (_session, asDialog) => renderRoleForm(asDialog, { id, roleId, values, errors: {}, back }));
  });
  app.post(`${R}/role-save`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const id = formString(form.id);
    const roleId = formString(form.roleId);
    const back = safeBack(form.back);
    const body = formToBody(form, departRoleForm.fields);
    const up = c.get('upstream');
    const res = roleId
      ? await up.send(departRoleApi.edit, { body: { ...body, id: roleId } })
      : await up.send(departRoleApi.add, { body: { ...body, departId: id } });
    if (res.body.success) return done(c, true, res.body.message, back);
    const errors = res.body.result?.errors ?? {};
    const message = Object.keys(errors).length ? undefined : res.body.message;
    return respond(c, TITLE, (_session, asDialog) => renderRoleForm(asDialog, { id, roleId, values: form, errors, message, back }), isHtmx(c) ? 200 : 400);
  });
  /** The confirmation names the role (loaded again: the form may have been posted without it). */
  const roleDeleteAsk = async (c: Context<PageEnv>, id: string, roleId: string) => {
    const back = screenHref({ id, tab: 'roles' });
    const res = await c.get('upstream').send(departRoleApi.queryById, { query: { id: roleId } });
    if (!res.body.success) return done(c, false, res.body.message, back);
    return ask({
      title: '删除部门角色',
      text: `确定删除部门角色“${str(res.body.result.roleName)}”吗？持有该角色的成员将失去它授予的权限。`,
      action: `${R}/role-delete`,
      hidden: { id, roleId },
      back,
    });
  };
  app.get(`${R}/role-delete`, async (c) => {
    const asked = await roleDeleteAsk(c, c.req.query('id') ?? '', c.req.query('roleId') ?? '');
    return asked instanceof Response ? asked : askConfirmation(c, asked);
  });
  app.post(`${R}/role-delete`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const id = formString(form.id);
    const back = screenHref({ id, tab: 'roles' });
    const asked = unlessConfirmed(c, form, () => roleDeleteAsk(c, id, formString(form.roleId)));
    if (asked) return asked;
    const res = await c.get('upstream').send(departRoleApi.delete, { query: { id: formString(form.roleId) } });
    return done(c, res.body.success, res.body.message, back);
  });
}
