// 角色管理 → 授权: the menu/button tree of a role, saved through saveRolePermission; 全部勾选, 取消全选, 展开 and
// 折叠 re-render the tree without saving (they work without JavaScript too).
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { canUse } from '../../../resources/auth.js';
import { ROLE_ROUTE } from '../../../resources/permissions.js';
import { hrefWith } from '../../../resources/url-state.js';
import { Alert, Button, buttonClass } from '../../../../templates/antd.js';
import { dialogAttrs } from '../../../../templates/list/list-view.js';
import { CloseLink, DialogFrame } from '../../../../templates/list/dialog-frame.js';
import { CheckboxTree, type CheckNode } from '../../../../templates/list/tree.js';
import { mapTree } from '../../../shared/tree.js';
import { roleGrantApi, type PermissionTreeNode } from '../../../contracts/roles.js';
import type { PageEnv, PageSession } from '../../context.js';
import { backToList } from '../../list-page.js';
import { setFlash, takeFlash } from '../../flash.js';
import { type Flash, list, loadRole, rolePage, safeBack, str } from './shared.js';

function toCheckNodes(nodes: PermissionTreeNode[], ruleLink: (n: PermissionTreeNode) => Child): CheckNode[] {
  return mapTree(nodes, (n, children: CheckNode[]) => ({
    key: n.key,
    title: n.title,
    note: n.menuType === 2 ? '按钮' : undefined,
    extra: n.ruleFlag === 1 && n.menuType !== 2 ? ruleLink(n) : undefined,
    children: children.length ? children : undefined,
  }));
}

async function authView(
  c: Context<PageEnv>,
  session: PageSession,
  args: { roleId: string; back: string; asDialog: boolean; checked?: Set<string>; flash?: Flash; openDepth?: number },
): Promise<Child> {
  const up = c.get('upstream');
  const { asDialog } = args;
  const [role, tree, granted] = await Promise.all([
    loadRole(c, args.roleId),
    up.send(roleGrantApi.treeList),
    up.send(roleGrantApi.rolePermissions, { query: { roleId: args.roleId } }),
  ]);
  const problem = typeof role === 'string' ? role : !tree.body.success ? tree.body.message : !granted.body.success ? granted.body.message : null;
  if (problem || typeof role === 'string') {
    return (
      <DialogFrame title="角色权限配置" back={args.back} asDialog={asDialog}>
        <Alert type="error">{problem}</Alert>
      </DialogFrame>
    );
  }
  const current = new Set(granted.body.result);
  const checked = args.checked ?? current;
  const self = hrefWith(`${ROLE_ROUTE}/auth`, { id: role.id, back: args.back });
  const ruleLink = (n: PermissionTreeNode) => (
    <a class="xt-action xt-ct-extra" {...dialogAttrs(hrefWith(`${ROLE_ROUTE}/datarule`, { roleId: role.id, permissionId: n.key, back: args.back }))}>
      数据规则
    </a>
  );
  const canSave = canUse(session.permissions, 'role:auth');
  const formId = 'xt-role-auth-form';
  const flash = args.flash ?? takeFlash(c);
  return (
    <DialogFrame
      title={`角色权限配置 · ${role.roleName}`}
      back={args.back}
      asDialog={asDialog}
      width={720}
      footer={
        <>
          <CloseLink back={args.back} class={buttonClass('default')} />
          {canSave && (
            <Button type="primary" htmlType="submit" form={formId} name="op" value="save">
              保存
            </Button>
          )}
        </>
      }
    >
      <form id={formId} method="post" action={`${ROLE_ROUTE}/auth`} hx-post={`${ROLE_ROUTE}/auth`} hx-target="#xt-modal" class="xt-role-auth">
        <input type="hidden" name="roleId" value={role.id} />
        <input type="hidden" name="back" value={args.back} />
        <input type="hidden" name="lastpermissionIds" value={[...current].join(',')} />
        {flash && <Alert type={flash.type}>{flash.text}</Alert>}
        <div class="xt-ct-toolbar">
          {canSave && (
            <>
              <Button size="small" htmlType="submit" name="op" value="all">全部勾选</Button>
              <Button size="small" htmlType="submit" name="op" value="none">取消全选</Button>
            </>
          )}
          <Button size="small" htmlType="submit" name="op" value="expand">展开全部</Button>
          <Button size="small" htmlType="submit" name="op" value="collapse">折叠全部</Button>
          <span class="xt-ct-hint">勾选的菜单和按钮会连同其上级菜单一起授权；当前已授权 {current.size} 项</span>
        </div>
        <CheckboxTree name="permissionIds" label="菜单与按钮权限" nodes={toCheckNodes(tree.body.result.treeList, ruleLink)} checked={checked} openDepth={args.openDepth ?? 1} disabled={!canSave} />
      </form>
      <p class="xt-muted">
        <a href={self} class="xt-action" hx-get={self} hx-target="#xt-modal">
          重新载入
        </a>
      </p>
    </DialogFrame>
  );
}

export function registerRoleAuthPages(app: Hono<PageEnv>) {
  app.get(`${ROLE_ROUTE}/auth`, (c) => {
    const roleId = str(c.req.query('id')).slice(0, 64);
    const back = safeBack(c.req.query('back'));
    if (!roleId) return c.redirect(back);
    return rolePage(c, '授权', (session, asDialog) => authView(c, session, { roleId, back, asDialog }));
  });

  app.post(`${ROLE_ROUTE}/auth`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const roleId = str(form.roleId).slice(0, 64);
    const back = safeBack(form.back);
    const ids = list(form.permissionIds);
    const op = list(form.op).pop() ?? 'save';
    if (op !== 'save') {
      // Selection helpers re-render the tree without saving (they work without JavaScript too).
      return rolePage(c, '授权', async (session, asDialog) => {
        let checked: Set<string> | undefined = new Set(ids);
        if (op === 'all' || op === 'none') {
          const tree = await c.get('upstream').send(roleGrantApi.treeList);
          checked = op === 'all' ? new Set(tree.body.success ? tree.body.result.ids : ids) : new Set();
        }
        return authView(c, session, { roleId, back, asDialog, checked, openDepth: op === 'expand' ? Infinity : op === 'collapse' ? 0 : 1 });
      });
    }
    const res = await c.get('upstream').send(roleGrantApi.saveRolePermissions, {
      body: { roleId, permissionIds: ids.join(','), lastpermissionIds: str(form.lastpermissionIds) },
    });
    if (res.body.success) {
      setFlash(c, { type: 'success', text: res.body.message || '保存成功！' });
      return backToList(c, back);
    }
    return rolePage(c, '授权', (session, asDialog) =>
      authView(c, session, { roleId, back, asDialog, checked: new Set(ids), flash: { type: 'error', text: res.body.message || '授权失败！' } }),
    );
  });
}
