// 班级管理 (/isystem/departDetailList): the department tree screen. Declarations shared by the API and the page:
// the department form, the members list of a department (and its sub-departments), the department roles list
// and its form, and the export of departments.
import type { FormSpec, ListSpec } from './spec.js';

export const DEPART_ROUTE = '/isystem/departDetailList';

/** Tabs of the detail panel, with the button code that shows each (成员 is what teachers get). */
export const DEPART_TABS = [
  { key: 'info', label: '基本信息', perm: 'depart:edit' },
  { key: 'members', label: '成员', perm: 'depart:member' },
  { key: 'perms', label: '部门权限', perm: 'depart:permission' },
  { key: 'roles', label: '部门角色', perm: 'depart:role' },
  { key: 'courses', label: '课程', perm: 'depart:course' },
] as const;
export type DepartTab = (typeof DEPART_TABS)[number]['key'];

/** Department export (and the column titles its import would read). */
export const departsList: ListSpec = {
  route: DEPART_ROUTE,
  title: '班级管理',
  api: {
    list: '/sys/sysDepart/queryTreeList',
    add: '/sys/sysDepart/add',
    edit: '/sys/sysDepart/edit',
    queryById: '/sys/sysDepart/queryById',
    delete: '/sys/sysDepart/delete',
    deleteBatch: '/sys/sysDepart/deleteBatch',
    exportXls: '/sys/sysDepart/exportXls',
  },
  columns: [
    { key: 'departName', title: '部门名称' },
    { key: 'orgCode', title: '机构编码' },
    { key: 'parentName', title: '上级部门' },
    { key: 'orgCategory', title: '机构类型', dict: 'org_category' },
    { key: 'departOrder', title: '排序' },
    { key: 'mobile', title: '手机号' },
    { key: 'fax', title: '传真' },
    { key: 'address', title: '地址' },
    { key: 'memo', title: '备注' },
    { key: 'status', title: '状态', dict: 'depart_status' },
    { key: 'createTime', title: '创建时间' },
  ],
  filters: [{ key: 'departName', label: '部门名称', type: 'text' }],
  defaultSort: { column: 'orgCode', order: 'asc' },
  toolbar: {
    add: { key: 'add', label: '添加一级部门', perm: 'depart:add' },
    export: { key: 'export', label: '导出' },
  },
  rowActions: [
    { key: 'add', label: '添加下级', perm: 'depart:add' },
    { key: 'edit', label: '编辑', perm: 'depart:edit' },
    { key: 'delete', label: '删除', perm: 'depart:del', danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'depart:del', confirm: '是否删除选中部门及其全部下级?', danger: true }],
  exportName: '部门信息',
};

export const departForm: FormSpec = {
  width: 800,
  fields: [
    { key: 'departName', label: '部门名称', type: 'text', required: true, maxLength: 100, placeholder: '请输入部门/班级名称' },
    { key: 'orgCategory', label: '机构类型', type: 'radio', dict: 'org_category', required: true, help: '学校为机构，年级为部门，班级不能再有下级' },
    { key: 'departOrder', label: '排序', type: 'number', help: '数字小的排在前面' },
    { key: 'mobile', label: '手机号', type: 'text', maxLength: 32 },
    { key: 'fax', label: '传真', type: 'text', maxLength: 32 },
    { key: 'address', label: '地址', type: 'text', maxLength: 100 },
    { key: 'memo', label: '备注', type: 'textarea', maxLength: 500 },
  ],
};

/** Members of a department and its sub-departments (GET /sys/user/departUserList?depId=). */
export const departMembersList: ListSpec = {
  route: DEPART_ROUTE,
  title: '部门成员',
  api: { list: '/sys/user/departUserList' },
  columns: [
    { key: 'username', title: '用户账号', sortable: true },
    { key: 'realname', title: '用户姓名', sortable: true },
    { key: 'sex', title: '性别', dict: 'sex', width: 70 },
    { key: 'userIdentity', title: '身份', dict: 'user_identity', width: 80 },
    { key: 'status', title: '状态', dict: 'user_status', width: 80 },
    { key: 'orgCodeTxt', title: '所在班级' },
    { key: 'createTime', title: '创建时间', sortable: true, width: 170, list: false },
  ],
  filters: [
    { key: 'username', label: '账号', type: 'text' },
    { key: 'realname', label: '姓名', type: 'text' },
  ],
  defaultSort: { column: 'username', order: 'asc' },
  toolbar: {},
  rowActions: [
    { key: 'roles', label: '部门角色', perm: 'depart:role' },
    { key: 'remove', label: '移出', perm: 'depart:member', danger: true },
  ],
  bulkActions: [{ key: 'remove', label: '批量移出', perm: 'depart:member', danger: true }],
  exportName: '部门成员',
};

/** Roles of one department (GET /sys/sysDepartRole/list?deptId=). */
export const departRolesList: ListSpec = {
  route: DEPART_ROUTE,
  title: '部门角色',
  api: {
    list: '/sys/sysDepartRole/list',
    add: '/sys/sysDepartRole/add',
    edit: '/sys/sysDepartRole/edit',
    queryById: '/sys/sysDepartRole/queryById',
    delete: '/sys/sysDepartRole/delete',
    deleteBatch: '/sys/sysDepartRole/deleteBatch',
  },
  columns: [
    { key: 'roleName', title: '部门角色名称', sortable: true },
    { key: 'roleCode', title: '部门角色编码', sortable: true },
    { key: 'description', title: '描述', render: 'ellipsis' },
    { key: 'createTime', title: '创建时间', sortable: true, width: 170 },
  ],
  filters: [{ key: 'roleName', label: '名称', type: 'text' }],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { add: { key: 'add', label: '新建部门角色', perm: 'depart:role' } },
  rowActions: [
    { key: 'edit', label: '编辑', perm: 'depart:role' },
    { key: 'auth', label: '授权', perm: 'depart:role' },
    { key: 'delete', label: '删除', perm: 'depart:role', danger: true },
  ],
  bulkActions: [],
  exportName: '部门角色',
};

export const departRoleForm: FormSpec = {
  width: 640,
  fields: [
    { key: 'roleName', label: '部门角色名称', type: 'text', required: true, maxLength: 100 },
    { key: 'roleCode', label: '部门角色编码', type: 'text', required: true, maxLength: 100, help: '字母、数字或下划线，同一部门内唯一' },
    { key: 'description', label: '描述', type: 'textarea', maxLength: 255 },
  ],
};
