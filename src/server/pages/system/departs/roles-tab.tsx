// 班级管理 → 部门角色: the department's roles (new, edit, delete) and the grant tree of the chosen one.
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import { departRolesList } from '../../../resources/departs.js';
import { hrefWith, type Query } from '../../../resources/url-state.js';
import { Alert, Button, cx, LinkButton, TableFrame } from '../../../../templates/antd.js';
import { CheckboxTree } from '../../../../templates/list/tree.js';
import { dialogAttrs, navAttrs } from '../../../../templates/list/list-view.js';
import type { PageEnv } from '../../context.js';
import { departRoleApi, type DepartDetail } from '../../../contracts/departs.js';
import { checkNodes, R, screenHref, str } from './shared.js';

export async function rolesTab(c: Context<PageEnv>, d: DepartDetail, q: Query): Promise<Child> {
  const up = c.get('upstream');
  const roleId = q.roleId ?? '';
  const here = screenHref({ id: d.id, tab: 'roles', ...(roleId ? { roleId } : {}) });
  const res = await up.send(departRoleApi.list, { query: { deptId: d.id, pageNo: 1, pageSize: 200, column: 'createTime', order: 'asc' } });
  const roles = res.body.success ? res.body.result.records : [];
  const current = roles.find((r) => r.id === roleId);
  let grant: Child = null;
  if (current) {
    const [tree, granted] = await Promise.all([
      up.send(departRoleApi.permissionTree, { query: { departId: d.id } }),
      up.send(departRoleApi.permissions, { query: { roleId } }),
    ]);
    grant =
      tree.body.success && granted.body.success ? (
        <section class="xt-role-grant" id="auth" aria-label="部门角色授权">
          <h3 class="xt-section-title">授权：{str(current.roleName)}</h3>
          {tree.body.result.treeList.length === 0 ? (
            <Alert type="info">本部门还没有任何权限，请先在「部门权限」中为部门授权。</Alert>
          ) : (
            <form method="post" action={`${R}/role-permissions`} hx-post={`${R}/role-permissions`} hx-target="#content">
              <input type="hidden" name="roleId" value={roleId} />
              <input type="hidden" name="lastpermissionIds" value={granted.body.result.join(',')} />
              <input type="hidden" name="back" value={here} />
              <CheckboxTree nodes={checkNodes(tree.body.result.treeList)} name="permissionIds" checked={new Set(granted.body.result)} label="部门角色权限" openDepth={9} />
              <div class="xt-form-actions xt-form-actions-left">
                <Button type="primary" htmlType="submit">
                  保存授权
                </Button>
                <LinkButton {...navAttrs(screenHref({ id: d.id, tab: 'roles' }))}>关闭</LinkButton>
              </div>
            </form>
          )}
        </section>
      ) : (
        <Alert type="warning">{tree.body.success ? granted.body.message : tree.body.message}</Alert>
      );
  }
  return (
    <div class="xt-roles">
      <div class="xt-toolbar">
        <LinkButton type="primary" {...dialogAttrs(hrefWith(`${R}/role-form`, { id: d.id, back: here }))}>
          新建部门角色
        </LinkButton>
      </div>
      {!res.body.success ? (
        <Alert type="warning">{res.body.message}</Alert>
      ) : (
        <TableFrame>
          <thead class="ant-table-thead">
            <tr>
              <th class="ant-table-cell xt-index" scope="col">#</th>
              {departRolesList.columns.map((col) => (
                <th class="ant-table-cell" scope="col">
                  {col.title}
                </th>
              ))}
              <th class="ant-table-cell xt-actions-col" scope="col">操作</th>
            </tr>
          </thead>
          <tbody class="ant-table-tbody">
            {roles.length ? (
              roles.map((r, i) => (
                <tr class={cx('ant-table-row', r.id === roleId && 'ant-table-row-selected')} data-row-key={str(r.id)}>
                  <td class="ant-table-cell xt-index">{i + 1}</td>
                  {departRolesList.columns.map((col) => (
                    <td class="ant-table-cell">{str(r[col.key])}</td>
                  ))}
                  <td class="ant-table-cell xt-row-actions">
                    <a class="xt-action" {...dialogAttrs(hrefWith(`${R}/role-form`, { id: d.id, roleId: str(r.id), back: here }))}>
                      编辑
                    </a>
                    <span class="ant-divider ant-divider-vertical app" role="separator" />
                    <a class="xt-action" {...navAttrs(screenHref({ id: d.id, tab: 'roles', roleId: str(r.id) }))}>
                      授权
                    </a>
                    <span class="ant-divider ant-divider-vertical app" role="separator" />
                    <a class="xt-action xt-action-danger" {...dialogAttrs(hrefWith(`${R}/role-delete`, { id: d.id, roleId: str(r.id) }))}>
                      删除
                    </a>
                  </td>
                </tr>
              ))
            ) : (
              <tr class="ant-table-placeholder">
                <td class="ant-table-cell" colSpan={departRolesList.columns.length + 2}>
                  <div class="ant-empty ant-empty-normal app xt-empty">暂无部门角色</div>
                </td>
              </tr>
            )}
          </tbody>
        </TableFrame>
      )}
      {grant}
    </div>
  );
}
