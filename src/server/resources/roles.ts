// 角色管理 (/isystem/role): the role's fields, and the list and form declared from them, shared by the API and the page.
import { roleApi } from '../contracts/roles.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type FormSpec, type ListSpec } from './spec.js';

export const roleFields = resource({
  roleName: { label: '角色名称', kind: 'name', required: true, max: 100 },
  roleCode: { label: '角色编码', kind: 'code', required: true, max: 100, pattern: { re: /^[A-Za-z0-9_]+$/, message: '角色编码只能包含字母、数字和下划线' } },
  roleLevel: { label: '角色等级', kind: 'int', required: true, min: 0, max: 99 },
  description: { label: '描述', kind: 'text', max: 255 },
  createTime: { label: '创建时间', kind: 'datetime' },
});

/** The fields an add or an edit sends. */
export const ROLE_FORM_KEYS = ['roleName', 'roleCode', 'roleLevel', 'description'] as const;

const roleActions = crudActions('role');

export const rolesList: ListSpec = {
  route: '/isystem/role',
  title: '角色管理',
  api: listEndpoints(roleApi),

  columns: [
    roleFields.column('roleName', { sortable: true }),
    roleFields.column('roleCode', { sortable: true }),
    roleFields.column('roleLevel', { sortable: true, width: 100, align: 'center' }),
    roleFields.column('description', { render: 'ellipsis' }),
    roleFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [
    roleFields.filter('roleName', 'text', { label: '名称', placeholder: '请输入名称查询' }),
    roleFields.filter('roleCode', 'text', { label: '编码', placeholder: '请输入编码查询' }),
    roleFields.filter('createTime', 'dateRange', { advanced: true }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: roleActions.toolbar,
  rowActions: [
    roleActions.edit,
    { key: 'auth', label: '授权', perm: 'role:auth' },
    { key: 'users', label: '用户', perm: 'role:user', more: true },
    roleActions.delete,
  ],
  bulkActions: [roleActions.batchDelete],
  exportName: '角色信息',
};

export const roleForm: FormSpec = {
  width: 800,
  fields: [
    roleFields.formField('roleName'),
    roleFields.formField('roleCode', { readonlyOnEdit: true, help: '字母、数字或下划线，保存后不可修改' }),
    roleFields.formField('roleLevel', { help: '0–99，数字越大权限越高；不能高于您自己的等级' }),
    roleFields.formField('description', { type: 'textarea' }),
  ],
};
