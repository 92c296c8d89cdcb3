// 班级管理's member dialogs: adding the users found, removing members (confirmed), 清空班级 (confirmed) and a
// member's department roles.
import type { Hono } from 'hono';
import type { FieldSpec } from '../../../resources/spec.js';
import { hrefWith } from '../../../resources/url-state.js';
import { FormView } from '../../../../templates/list/form-view.js';
import type { PageEnv } from '../../context.js';
import { wantsDialog } from '../../list-page.js';
import { departApi, departMemberApi, departRoleApi } from '../../../contracts/departs.js';
import { departMembers } from '../../../resources/departs.js';
import { registerSubListAction } from '../../sub-list.js';
import { CONFIRM_FRAME, ConfirmBox, done, formList, formString, R, respond, safeBack, screenHref, str, TITLE } from './shared.js';

export function registerMemberDialogs(app: Hono<PageEnv>) {
  // Members: add (from the candidate search), remove (one or many, confirmed), 清空班级 (confirmed).
  app.post(`${R}/members/add`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const depId = formString(form.depId);
    const back = safeBack(form.back);
    const userIds = formList(form.userIds);
    if (!userIds.length) return done(c, false, '请选择要添加的用户', back);
    const res = await c.get('upstream').send(departMemberApi.add, { body: { depId, userIdList: userIds } });
    return done(c, res.body.success, res.body.message, back);
  });

  // 移出 (a row, or the chosen rows of the sub-list), confirmed in a dialog that names the department.
  registerSubListAction(app, {
    spec: departMembers,
    key: 'members/remove',
    screen: { current: R, title: TITLE },
    safeBack,
    frame: CONFIRM_FRAME,
    noneChosen: '请选择要移出的成员',
    confirm: async (c, userIds, scope) => {
      const d = await c.get('upstream').send(departApi.queryById, { query: { id: scope.id ?? '' } });
      if (!d.body.success) return d.body.message;
      const name = d.body.result.departName;
      return { title: '移出成员', text: userIds.length > 1 ? `确定将选中的 ${userIds.length} 名成员移出“${name}”吗？` : `确定将该成员移出“${name}”吗？` };
    },
    call: (up, userIds, scope) =>
      userIds.length === 1
        ? up.send(departMemberApi.remove, { query: { depId: scope.id ?? '', userId: userIds[0] } })
        : up.send(departMemberApi.removeBatch, { query: { depId: scope.id ?? '', userIds: `${userIds.join(',')},` } }),
    done: (c, flash, back) => done(c, flash.type === 'success', flash.text, back),
  });

  app.get(`${R}/members/clear`, async (c) => {
    const id = c.req.query('id') ?? '';
    const d = await c.get('upstream').send(departApi.queryById, { query: { id } });
    if (!d.body.success) return done(c, false, d.body.message, R);
    const back = screenHref({ id, tab: 'members' });
    return respond(c, TITLE, () => (
      <ConfirmBox
        asDialog={wantsDialog(c)}
        title={d.body.result.orgCategory === '3' ? '清空班级' : '清空成员'}
        text={`确定清空“${d.body.result.departName}”吗？该部门的 ${d.body.result.memberCount} 名直属成员将被移出（账号本身不会删除）。`}
        action={`${R}/members/clear`}
        hidden={{ id }}
        back={back}
      />
    ));
  });
  app.post(`${R}/members/clear`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const id = formString(form.id);
    const back = screenHref({ id, tab: 'members' });
    if (form.confirmed !== '1') return c.redirect(hrefWith(`${R}/members/clear`, { id }), 303);
    const res = await c.get('upstream').send(departMemberApi.removeAll, { query: { id } });
    return done(c, res.body.success, res.body.message, back);
  });

  // A member's department roles.
  app.get(`${R}/member-roles`, async (c) => {
    const id = c.req.query('id') ?? '';
    // The sub-list's row action names the member in `userIds`.
    const userId = c.req.query('userId') ?? c.req.query('userIds') ?? '';
    const back = safeBack(c.req.query('back'));
    const up = c.get('upstream');
    const [roles, held] = await Promise.all([
      up.send(departRoleApi.all, { query: { departId: id } }),
      up.send(departRoleApi.userRoles, { query: { userId, departId: id } }),
    ]);
    if (!roles.body.success || !held.body.success) return done(c, false, roles.body.success ? held.body.message : roles.body.message, back);
    const mine = new Set(held.body.result.map((h) => h.droleId));
    const fields: FieldSpec[] = [{ key: 'roleIds', label: '部门角色', type: 'multiselect', help: roles.body.result.length ? undefined : '本部门还没有部门角色，请先在「部门角色」中新建' }];
    return respond(c, TITLE, () => (
      <FormView
        title="分配部门角色"
        width={560}
        fields={fields}
        values={{ roleIds: [...mine] }}
        errors={{}}
        options={{ roleIds: roles.body.result.map((r) => ({ value: str(r.id), label: str(r.roleName) })) }}
        action={`${R}/member-roles`}
        back={back}
        mode="edit"
        hidden={{ id, userId, back, oldRoleId: [...mine].join(',') }}
        asDialog={wantsDialog(c)}
        // Native checkboxes: their checked state shows without JavaScript.
        renderControl={(f, ctx) => (
          <div class="xt-checks" role="group" aria-labelledby={`f-${f.key}-label`}>
            <link rel="stylesheet" href="/static/css/departs.css" />
            {ctx.options.length === 0 && <span class="xt-muted">无可选项</span>}
            {ctx.options.map((o) => (
              <label class="xt-check-label">
                <input type="checkbox" class="xt-check" name={f.key} value={o.value} checked={mine.has(o.value)} />
                <span>{o.label}</span>
              </label>
            ))}
          </div>
        )}
      />
    ));
  });
  app.post(`${R}/member-roles`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const back = safeBack(form.back);
    const res = await c.get('upstream').send(departRoleApi.saveUserRoles, {
      body: { userId: formString(form.userId), newRoleId: formList(form.roleIds).join(','), oldRoleId: formString(form.oldRoleId) },
    });
    return done(c, res.body.success, res.body.success ? '部门角色已保存' : res.body.message, back);
  });
}
