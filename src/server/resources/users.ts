// 用户管理 (/isystem/user): the user's fields, and the list and forms declared from them, shared by the API and the page.
import { z } from 'zod';
import { positionApi } from '../contracts/positions.js';
import { roleApi } from '../contracts/roles.js';
import { userAdminApi } from '../contracts/users.js';
import { now } from '../domain/time.js';
import { PASSWORD_HELP, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT, PASSWORD_TOO_SIMPLE, passwordProblem } from '../shared/password-policy.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type FormSpec, type ListSpec, type SubListSpec } from './spec.js';

export const USERS_ROUTE = '/isystem/user';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** The password policy (shared/password-policy.ts), each refusal in its own words. */
const PASSWORD_CHECKS = [PASSWORD_TOO_SHORT, PASSWORD_TOO_SIMPLE, PASSWORD_TOO_COMMON].map((message) => ({ test: (v: string) => passwordProblem(v) !== message, message }));

/**
 * The user's fields. 用户账号 has no maxlength: its one message for a length outside 3–32 is the contract's.
 * The id lists (角色, 所属班级, 负责班级, 职务) are checked by the API against the database
 * (api/sys/user-admin-fields.ts). 邮箱 is held to sys_user.email's 45 characters.
 */
export const userFields = resource({
  username: {
    label: '用户账号',
    kind: 'code',
    required: true,
    checks: [{ test: (v) => v.length >= 3 && v.length <= 32, message: '用户账号长度应为3到32个字符' }],
    pattern: { re: /^[A-Za-z0-9_.@-]+$/, message: '用户账号只能包含字母、数字和 _ . @ -' },
  },
  password: { label: '登录密码', kind: 'password', required: true, max: 64, checks: PASSWORD_CHECKS },
  confirmpassword: { label: '确认密码', kind: 'password', required: true, max: 64 },
  realname: { label: '真实姓名', kind: 'name', required: true, max: 50 },
  userIdentity: { label: '身份', kind: 'int', min: 1, max: 2, dict: 'user_identity', messages: { invalid: '身份只能是学生或教师' } },
  selectedroles: { label: '角色', kind: 'choices' },
  selecteddeparts: { label: '所属班级', kind: 'choices' },
  departIds: { label: '负责班级', kind: 'choices' },
  sex: { label: '性别', kind: 'int', min: 0, max: 2, dict: 'sex', messages: { invalid: '性别只能是男或女' } },
  birthday: {
    label: '生日',
    kind: 'date',
    pattern: { re: DATE, message: '生日格式应为yyyy-MM-dd' },
    checks: [
      { test: (d) => !DATE.test(d) || isDay(d), message: '生日不是有效的日期' },
      { test: (d) => !DATE.test(d) || (d <= now().slice(0, 10) && d >= '1900-01-01'), message: '生日不在有效范围内' },
    ],
  },
  phone: { label: '手机号', kind: 'code', max: 11, pattern: { re: /^1\d{10}$/, message: '请输入正确的11位手机号码' } },
  email: { label: '邮箱', kind: 'text', max: 45, checks: [{ test: (v) => z.email().safeParse(v).success, message: '请输入正确的邮箱地址' }] },
  workNo: { label: '工号', kind: 'code', max: 32 },
  post: { label: '职务', kind: 'choices' },
  status: { label: '状态', kind: 'int', dict: 'user_status' },
  createTime: { label: '创建时间', kind: 'datetime' },
});

const userActions = crudActions('user');

export const usersList: ListSpec = {
  route: USERS_ROUTE,
  title: '用户管理',
  api: listEndpoints(userAdminApi),
  columns: [
    // Widths keep every cell on one line in a 1440px window (身份 is in the export and the detail, not the table).
    userFields.column('username', { sortable: true, width: 120 }),
    userFields.column('realname', { sortable: true, width: 100 }),
    { key: 'avatar_url', title: '头像', render: 'image', width: 56, align: 'center', export: false },
    userFields.column('sex', { sortable: true, width: 68, align: 'center' }),
    userFields.column('userIdentity', { list: false }),
    userFields.column('phone', { width: 116 }),
    userFields.column('email', { list: false }),
    userFields.column('workNo', { list: false }),
    { key: 'orgCodeTxt', title: '班级', render: 'ellipsis', width: 124 },
    { key: 'roleTxt', title: '角色', width: 80 },
    userFields.column('status', { sortable: true, width: 76, align: 'center', render: 'tag', colors: { '1': 'green', '2': 'red' } }),
    userFields.column('createTime', { sortable: true, width: 160 }),
  ],
  filters: [
    userFields.filter('username', 'text', { placeholder: '请输入用户账号查询' }),
    userFields.filter('realname', 'text', { placeholder: '请输入真实姓名查询' }),
    { key: 'departName', label: '班级', type: 'text', placeholder: '请输入班级名称查询' },
    { key: 'roleId', label: '角色', type: 'select', optionsFrom: { api: roleApi.queryall, value: 'id', label: 'roleName' }, advanced: true },
    userFields.filter('status', 'dict'),
    userFields.filter('sex', 'dict', { advanced: true }),
    userFields.filter('userIdentity', 'dict', { advanced: true }),
    userFields.filter('phone', 'text', { advanced: true }),
    userFields.filter('email', 'text', { advanced: true }),
    userFields.filter('workNo', 'text', { advanced: true }),
    userFields.filter('createTime', 'dateRange', { advanced: true }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    ...userActions.toolbar,
    links: [{ key: 'recycleBin', label: '回收站', perm: 'user:recycle', href: `${USERS_ROUTE}/recycleBin` }],
  },
  rowActions: [
    userActions.edit,
    { key: 'detail', label: '详情' },
    { key: 'password', label: '密码', perm: 'user:password', more: true },
    { key: 'freeze', label: '冻结', perm: 'user:status', more: true, showIf: { field: 'canFreeze', values: ['true'] } },
    { key: 'unfreeze', label: '解冻', perm: 'user:status', more: true, showIf: { field: 'canUnfreeze', values: ['true'] } },
    userActions.delete,
  ],
  bulkActions: [
    userActions.batchDelete,
    { key: 'freeze', label: '冻结', perm: 'user:status', confirm: '确定冻结选中的用户吗?' },
    { key: 'unfreeze', label: '解冻', perm: 'user:status', confirm: '确定解冻选中的用户吗?' },
  ],
  exportName: '用户信息',
  phoneColumns: ['username', 'realname', 'orgCodeTxt', 'status'],
};

/** Roles and departments are checkbox lists; their options are what the caller may assign. */
export const userForm: FormSpec = {
  width: 800,
  fields: [
    userFields.formField('username', { readonlyOnEdit: true, help: '3–32位字母、数字或 _ . @ -，保存后不可修改' }),
    userFields.formField('password', { addOnly: true, help: PASSWORD_HELP }),
    userFields.formField('confirmpassword', { addOnly: true }),
    userFields.formField('realname'),
    userFields.formField('userIdentity', { type: 'radio', defaultValue: '1' }),
    userFields.formField('selectedroles', { optionsFrom: { api: roleApi.queryall, value: 'id', label: 'roleName' }, help: '不选时默认为学生' }),
    // Department pickers: the page renders a searchable checkbox list (schools can have thousands of classes).
    userFields.formField('selecteddeparts'),
    userFields.formField('departIds', { help: '教师负责的学校、年级或班级（含下级）' }),
    userFields.formField('sex', { type: 'radio' }),
    userFields.formField('birthday'),
    userFields.formField('phone'),
    userFields.formField('email'),
    // 工号: checked by the 编码校验规则 work_no, generated by the 填值规则 user_work_no (both seeded, editable).
    userFields.formField('workNo', { checkRule: 'work_no', fillRule: 'user_work_no' }),
    userFields.formField('post', { optionsFrom: { api: positionApi.list, value: 'code', label: 'name' }, help: '可多选；职务在“职务管理”中维护' }),
  ],
};

/** The administrator's password reset: the new password and its confirmation (PUT /sys/user/changePassword). */
/**
 * 用户管理 → 回收站: deleted users, 还原 and 彻底删除 one or many. The API answers every deleted user at once, so the
 * page filters and pages them.
 */
export const userRecycleBin: SubListSpec = {
  key: 'user-recycle',
  title: '已删除的用户',
  route: `${USERS_ROUTE}/recycleBin`,
  scope: {},
  columns: [
    userFields.column('username', { sortable: true }),
    userFields.column('realname', { sortable: true }),
    { key: 'orgCodeTxt', title: '班级' },
    { key: 'roleTxt', title: '角色' },
    { key: 'updateBy', title: '删除人' },
    { key: 'updateTime', title: '删除时间', sortable: true },
  ],
  filters: [userFields.filter('username', 'text'), userFields.filter('realname', 'text')],
  rowActions: [
    { key: 'restore', label: '还原', perm: 'user:recycle', post: true, confirm: '确定还原用户“{realname|username}”吗?' },
    { key: 'purge', label: '彻底删除', perm: 'user:recycle', post: true, danger: true, confirm: '确定彻底删除用户“{realname|username}”吗？此操作不可恢复!' },
  ],
  bulkActions: [
    { key: 'restore', label: '还原选中', perm: 'user:recycle', confirm: '确定还原选中的用户吗?' },
    { key: 'purge', label: '彻底删除选中', perm: 'user:recycle', danger: true, confirm: '确定彻底删除选中的用户吗？此操作不可恢复!' },
  ],
  empty: '回收站是空的',
};

export const passwordFields = resource({
  password: { label: '新密码', kind: 'password', required: true, max: 64, checks: PASSWORD_CHECKS },
  confirmpassword: { label: '确认密码', kind: 'password', required: true, max: 64 },
});

/** Admin password reset dialog (PUT /sys/user/changePassword). */
export const passwordForm: FormSpec = {
  width: 520,
  fields: [
    passwordFields.formField('password', { help: `${PASSWORD_HELP}；修改后该用户需重新登录，并须先设置自己的新密码` }),
    passwordFields.formField('confirmpassword'),
  ],
};

/** Header titles of a class roster workbook (import) → body keys. */
export const ROSTER_COLUMNS: Record<string, string> = {
  用户账号: 'username',
  真实姓名: 'realname',
  性别: 'sex',
  身份: 'userIdentity',
  手机号: 'phone',
  邮箱: 'email',
  班级: 'classes',
  工号: 'workNo',
  初始密码: 'password',
};
