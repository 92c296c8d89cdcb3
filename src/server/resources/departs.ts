// 班级管理 (/isystem/departDetailList): the department tree screen. Declarations shared by the API and the page:
// the department form, the members list of a department (and its sub-departments), the department roles list
// and its form, and the export of departments; each declared from its resource's fields.
import { departApi, departMemberApi, departRoleApi } from '../contracts/departs.js';
import { resource } from './fields.js';
import { listEndpoints, subListAsList, type FormSpec, type ListSpec, type PagedSubListSpec } from './spec.js';
import { userFields } from './users.js';

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

const phonePattern = (label: string) => ({ re: /^[0-9+\-\s()]+$/, message: `${label}只能包含数字、空格和 + - ( )` });

/**
 * A department's fields. 机构类型 is required in the form; the API defaults a missing one from the department's
 * place in the tree and checks it against the org_category dictionary's three values (api/sys/depart.ts).
 * 描述, 英文名, 缩写 and 状态 are the anchor's fields the API accepts beside the form.
 */
export const departFields = resource({
  departName: { label: '部门名称', kind: 'name', required: true, max: 100 },
  orgCode: { label: '机构编码', kind: 'code' },
  orgCategory: { label: '机构类型', kind: 'choice', dict: 'org_category', required: true },
  departOrder: { label: '排序', kind: 'int', min: 0, max: 99999, messages: { invalid: '排序必须是0到99999之间的整数' } },
  mobile: { label: '手机号', kind: 'text', max: 32, pattern: phonePattern('手机号') },
  fax: { label: '传真', kind: 'text', max: 32, pattern: phonePattern('传真') },
  address: { label: '地址', kind: 'text', max: 100 },
  memo: { label: '备注', kind: 'text', max: 500 },
  description: { label: '描述', kind: 'text', max: 500 },
  departNameEn: { label: '英文名', kind: 'text', max: 500 },
  departNameAbbr: { label: '缩写', kind: 'text', max: 500 },
  status: { label: '状态', kind: 'choice', dict: 'depart_status' },
  createTime: { label: '创建时间', kind: 'datetime' },
});

/** Department export (and the column titles its import would read). */
export const departsList: ListSpec = {
  route: DEPART_ROUTE,
  title: '班级管理',
  api: {
    list: departApi.treeList,
    add: departApi.add,
    edit: departApi.edit,
    queryById: departApi.queryById,
    delete: departApi.delete,
    deleteBatch: departApi.deleteBatch,
    exportXls: departApi.exportXls,
  },
  columns: [
    departFields.column('departName'),
    departFields.column('orgCode'),
    { key: 'parentName', title: '上级部门' },
    departFields.column('orgCategory'),
    departFields.column('departOrder'),
    departFields.column('mobile'),
    departFields.column('fax'),
    departFields.column('address'),
    departFields.column('memo'),
    departFields.column('status'),
    departFields.column('createTime'),
  ],
  filters: [departFields.filter('departName', 'text')],
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
    departFields.formField('departName', { placeholder: '请输入部门/班级名称' }),
    departFields.formField('orgCategory', { type: 'radio', help: '学校为机构，年级为部门，班级不能再有下级' }),
    departFields.formField('departOrder', { help: '数字小的排在前面' }),
    departFields.formField('mobile'),
    departFields.formField('fax'),
    departFields.formField('address'),
    departFields.formField('memo', { type: 'textarea' }),
  ],
};

/** Members of a department and its sub-departments (GET /sys/user/departUserList?depId=). */
/**
 * 成员 of the selected department (a sub-list of its tab): search, sort, page, 部门角色 and 移出 (one or many, only
 * where the API's row says `canRemove`: a teacher removes students only), confirmed in a dialog.
 */
export const departMembers: PagedSubListSpec = {
  key: 'depart-members',
  title: '成员',
  route: DEPART_ROUTE,
  api: departMemberApi.list,
  scope: { id: 'depId', tab: null, q: null },
  idsParam: 'userIds',
  columns: [
    userFields.column('username', { sortable: true }),
    userFields.column('realname', { title: '用户姓名', sortable: true }),
    userFields.column('sex', { width: 70 }),
    userFields.column('userIdentity', { width: 80 }),
    userFields.column('status', { width: 80 }),
    { key: 'orgCodeTxt', title: '所在班级' },
    userFields.column('createTime', { sortable: true, width: 170, list: false }),
  ],
  filters: [userFields.filter('username', 'text', { label: '账号' }), userFields.filter('realname', 'text', { label: '姓名' })],
  defaultSort: { column: 'username', order: 'asc' },
  rowActions: [
    { key: 'member-roles', label: '部门角色', perm: 'depart:role', dialog: true },
    { key: 'members/remove', label: '移出', perm: 'depart:member', danger: true, dialog: true, ability: 'canRemove' },
  ],
  bulkActions: [{ key: 'members/remove', label: '批量移出', perm: 'depart:member', danger: true, dialog: true, ability: 'canRemove' }],
  empty: '暂无成员',
  checkLabel: '选择{realname}',
};

/** The members list as its API reads it: the sort allow-list and dictionary columns. */
export const departMembersList: ListSpec = subListAsList(departMembers);

/** A department role's fields. */
export const departRoleFields = resource({
  roleName: { label: '部门角色名称', kind: 'name', required: true, max: 100 },
  roleCode: { label: '部门角色编码', kind: 'code', required: true, max: 100, pattern: { re: /^[A-Za-z0-9_]+$/, message: '部门角色编码只能包含字母、数字和下划线' } },
  description: { label: '描述', kind: 'text', max: 255 },
  createTime: { label: '创建时间', kind: 'datetime' },
});

/** The fields a department role's add or edit sends. */
export const DEPART_ROLE_FORM_KEYS = ['roleName', 'roleCode', 'description'] as const;

/** Roles of one department (GET /sys/sysDepartRole/list?deptId=). */
export const departRolesList: ListSpec = {
  route: DEPART_ROUTE,
  title: '部门角色',
  api: listEndpoints(departRoleApi),
  columns: [
    departRoleFields.column('roleName', { sortable: true }),
    departRoleFields.column('roleCode', { sortable: true }),
    departRoleFields.column('description', { render: 'ellipsis' }),
    departRoleFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [departRoleFields.filter('roleName', 'text', { label: '名称' })],
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
    departRoleFields.formField('roleName'),
    departRoleFields.formField('roleCode', { help: '字母、数字或下划线，同一部门内唯一' }),
    departRoleFields.formField('description', { type: 'textarea' }),
  ],
};
