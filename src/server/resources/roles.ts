// 角色管理 (/isystem/role): the list and form declaration shared by the API and the page.
import type { FormSpec, ListSpec } from './spec.js';

export const rolesList: ListSpec = {
  route: '/isystem/role',
  title: '角色管理',
  api: {
    list: '/sys/role/list',
    add: '/sys/role/add',
    edit: '/sys/role/edit',
    queryById: '/sys/role/queryById',
    delete: '/sys/role/delete',
    deleteBatch: '/sys/role/deleteBatch',
    exportXls: '/sys/role/exportXls',
    importExcel: '/sys/role/importExcel',
  },
  columns: [
    { key: 'roleName', title: '角色名称', sortable: true },
    { key: 'roleCode', title: '角色编码', sortable: true },
    { key: 'roleLevel', title: '角色等级', sortable: true, width: 100, align: 'center' },
    { key: 'description', title: '描述', render: 'ellipsis' },
    { key: 'createTime', title: '创建时间', sortable: true, width: 170 },
  ],
  filters: [
    { key: 'roleName', label: '名称', type: 'text', placeholder: '请输入名称查询' },
    { key: 'roleCode', label: '编码', type: 'text', placeholder: '请输入编码查询' },
    { key: 'createTime', label: '创建时间', type: 'dateRange', advanced: true },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    add: { key: 'add', label: '新增', perm: 'role:add' },
    export: { key: 'export', label: '导出', perm: 'role:export' },
    import: { key: 'import', label: '导入', perm: 'role:import' },
  },
  rowActions: [
    { key: 'edit', label: '编辑', perm: 'role:edit' },
    { key: 'auth', label: '授权', perm: 'role:auth' },
    { key: 'users', label: '用户', perm: 'role:user', more: true },
    { key: 'delete', label: '删除', perm: 'role:del', confirm: '确定删除吗?', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'role:del', confirm: '是否删除选中数据?', danger: true }],
  exportName: '角色信息',
};

export const roleForm: FormSpec = {
  width: 800,
  fields: [
    { key: 'roleName', label: '角色名称', type: 'text', required: true, maxLength: 100 },
    { key: 'roleCode', label: '角色编码', type: 'text', required: true, maxLength: 100, readonlyOnEdit: true, help: '字母、数字或下划线，保存后不可修改' },
    { key: 'roleLevel', label: '角色等级', type: 'number', required: true, help: '0–99，数字越大权限越高；不能高于您自己的等级' },
    { key: 'description', label: '描述', type: 'textarea', maxLength: 255 },
  ],
};
