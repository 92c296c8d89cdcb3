// 班级管理 → 部门权限: the menus and buttons the department may use (a checkbox tree, saved as a diff).
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import { Alert, Button } from '../../../../templates/antd.js';
import { CheckboxTree } from '../../../../templates/list/tree.js';
import type { PageEnv } from '../../context.js';
import { departPermissionApi, type DepartDetail } from '../../../contracts/departs.js';
import { checkNodes, R, screenHref } from './shared.js';

export async function permsTab(c: Context<PageEnv>, d: DepartDetail): Promise<Child> {
  const up = c.get('upstream');
  const [tree, granted] = await Promise.all([
    up.send(departPermissionApi.tree),
    up.send(departPermissionApi.granted, { query: { departId: d.id } }),
  ]);
  if (!tree.body.success || !granted.body.success) return <Alert type="warning">{tree.body.success ? granted.body.message : tree.body.message}</Alert>;
  const checked = new Set(granted.body.result);
  return (
    <form method="post" action={`${R}/permissions`} hx-post={`${R}/permissions`} hx-target="#content" class="xt-perm-form">
      <input type="hidden" name="departId" value={d.id} />
      <input type="hidden" name="lastpermissionIds" value={granted.body.result.join(',')} />
      <input type="hidden" name="back" value={screenHref({ id: d.id, tab: 'perms' })} />
      <p class="xt-muted">勾选本部门可以使用的菜单和按钮；部门角色只能从这些权限中授权。</p>
      <CheckboxTree nodes={checkNodes(tree.body.result.treeList)} name="permissionIds" checked={checked} label="部门权限" openDepth={9} />
      <div class="xt-form-actions xt-form-actions-left">
        <Button type="primary" htmlType="submit">
          保存
        </Button>
      </div>
    </form>
  );
}
