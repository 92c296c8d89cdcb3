// 角色管理 → 授权 → 数据规则: the data rules the role carries on one menu.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { ROLE_ROUTE } from '../../../resources/permissions.js';
import { hrefWith } from '../../../resources/url-state.js';
import { Alert, Button, buttonClass } from '../../../../templates/antd.js';
import { DialogFrame } from '../../../../templates/list/dialog-frame.js';
import type { PageEnv } from '../../context.js';
import { takeFlash } from '../../flash.js';
import { roleGrantApi } from '../../../contracts/roles.js';
import { type Flash, list, loadRole, rolePage, safeBack, stayInDialog, str } from './shared.js';

async function dataRuleView(c: Context<PageEnv>, args: { roleId: string; permissionId: string; back: string; asDialog: boolean; flash?: Flash }): Promise<Child> {
  const up = c.get('upstream');
  const [role, res] = await Promise.all([
    loadRole(c, args.roleId),
    up.send(roleGrantApi.dataRules, { params: { permissionId: args.permissionId, roleId: args.roleId } }),
  ]);
  const authHref = hrefWith(`${ROLE_ROUTE}/auth`, { id: args.roleId, back: args.back });
  const backToAuth = (
    <a class={buttonClass('default')} href={authHref} hx-get={authHref} hx-target="#xt-modal">
      <span>返回授权</span>
    </a>
  );
  const title = `数据规则 · ${typeof role === 'string' ? '' : role.roleName}`;
  if (!res.body.success || typeof role === 'string') {
    return (
      <DialogFrame title={title} back={args.back} asDialog={args.asDialog} footer={backToAuth}>
        <Alert type="warning">{typeof role === 'string' ? role : res.body.message}</Alert>
      </DialogFrame>
    );
  }
  const checked = new Set((res.body.result.drChecked ?? '').split(',').filter(Boolean));
  const formId = 'xt-role-datarule-form';
  const flash = args.flash ?? takeFlash(c);
  return (
    <DialogFrame
      title={title}
      back={args.back}
      asDialog={args.asDialog}
      width={640}
      footer={
        <>
          {backToAuth}
          <Button type="primary" htmlType="submit" form={formId}>
            保存
          </Button>
        </>
      }
    >
      {flash && <Alert type={flash.type}>{flash.text}</Alert>}
      <p class="xt-muted">勾选的规则会限制该角色在此菜单列表中能看到的数据（多条规则同时生效）。</p>
      <form id={formId} method="post" action={`${ROLE_ROUTE}/datarule`} hx-post={`${ROLE_ROUTE}/datarule`} hx-target="#xt-modal">
        <input type="hidden" name="roleId" value={args.roleId} />
        <input type="hidden" name="permissionId" value={args.permissionId} />
        <input type="hidden" name="back" value={args.back} />
        <table class="xt-mini-table">
          <thead>
            <tr>
              <th class="xt-check-col" scope="col">
                <span class="xt-sr">选择</span>
              </th>
              <th scope="col">规则名称</th>
              <th scope="col">规则</th>
              <th scope="col">状态</th>
            </tr>
          </thead>
          <tbody>
            {res.body.result.datarule.map((r) => (
              <tr>
                <td class="xt-check-col">
                  <input class="xt-ct-check" type="checkbox" name="dataRuleIds" value={r.id} checked={checked.has(r.id)} aria-label={r.ruleName} />
                </td>
                <td>{r.ruleName}</td>
                <td>
                  <code class="xt-tt-code">
                    {r.ruleColumn} {r.ruleConditions} {r.ruleValue}
                  </code>
                </td>
                <td>{r.status === '1' ? '有效' : '无效'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </form>
    </DialogFrame>
  );
}

export function registerRoleDataRulePages(app: Hono<PageEnv>) {
  app.get(`${ROLE_ROUTE}/datarule`, (c) => {
    const roleId = str(c.req.query('roleId')).slice(0, 64);
    const permissionId = str(c.req.query('permissionId')).slice(0, 64);
    const back = safeBack(c.req.query('back'));
    if (!roleId || !permissionId) return c.redirect(back);
    return rolePage(c, '数据规则', (_session, asDialog) => dataRuleView(c, { roleId, permissionId, back, asDialog }));
  });

  app.post(`${ROLE_ROUTE}/datarule`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const roleId = str(form.roleId).slice(0, 64);
    const permissionId = str(form.permissionId).slice(0, 64);
    const back = safeBack(form.back);
    const res = await c.get('upstream').send(roleGrantApi.saveDataRules, { body: { roleId, permissionId, dataRuleIds: list(form.dataRuleIds).join(',') } });
    const flash: Flash = res.body.success ? { type: 'success', text: res.body.message || '保存成功!' } : { type: 'error', text: res.body.message || '保存失败' };
    const href = hrefWith(`${ROLE_ROUTE}/datarule`, { roleId, permissionId, back });
    return stayInDialog(c, href, flash, (f) => rolePage(c, '数据规则', (_session, asDialog) => dataRuleView(c, { roleId, permissionId, back, asDialog, flash: f })));
  });
}
