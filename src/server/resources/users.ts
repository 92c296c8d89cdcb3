// 用户管理 (/isystem/user): the list and form declaration shared by the API and the page.
import { PASSWORD_HELP } from '../shared/password-policy.js';
import type { FormSpec, ListSpec } from './spec.js';

export const USERS_ROUTE = '/isystem/user';

export const usersList: ListSpec = {
  route: USERS_ROUTE,
  title: '用户管理',
  api: {
    list: '/sys/user/list',
    add: '/sys/user/add',
    edit: '/sys/user/edit',
    queryById: '/sys/user/queryById',
    delete: '/sys/user/delete',
    deleteBatch: '/sys/user/deleteBatch',
    exportXls: '/sys/user/exportXls',
    importExcel: '/sys/user/importExcel',
  },
  columns: [
    // Widths keep every cell on one line in a 1440px window (身份 is in the export and the detail, not the table).
    { key: 'username', title: '用户账号', sortable: true, width: 120 },
    { key: 'realname', title: '真实姓名', sortable: true, width: 100 },
    { key: 'avatar_url', title: '头像', render: 'image', width: 56, align: 'center', export: false },
    { key: 'sex', title: '性别', dict: 'sex', sortable: true, width: 68, align: 'center' },
    { key: 'userIdentity', title: '身份', dict: 'user_identity', list: false },
    { key: 'phone', title: '手机号', width: 116 },
    { key: 'email', title: '邮箱', list: false },
    { key: 'workNo', title: '工号', list: false },
    { key: 'orgCodeTxt', title: '班级', render: 'ellipsis', width: 124 },
    { key: 'roleTxt', title: '角色', width: 80 },
    { key: 'status', title: '状态', dict: 'user_status', sortable: true, width: 76, align: 'center', render: 'tag', colors: { '1': 'green', '2': 'red' } },
    { key: 'createTime', title: '创建时间', sortable: true, width: 160 },
  ],
  filters: [
    { key: 'username', label: '用户账号', type: 'text', placeholder: '请输入用户账号查询' },
    { key: 'realname', label: '真实姓名', type: 'text', placeholder: '请输入真实姓名查询' },
    { key: 'departName', label: '班级', type: 'text', placeholder: '请输入班级名称查询' },
    { key: 'roleId', label: '角色', type: 'select', optionsFrom: { api: '/sys/role/queryall', value: 'id', label: 'roleName' }, advanced: true },
    { key: 'status', label: '状态', type: 'dict', dict: 'user_status' },
    { key: 'sex', label: '性别', type: 'dict', dict: 'sex', advanced: true },
    { key: 'userIdentity', label: '身份', type: 'dict', dict: 'user_identity', advanced: true },
    { key: 'phone', label: '手机号', type: 'text', advanced: true },
    { key: 'email', label: '邮箱', type: 'text', advanced: true },
    { key: 'workNo', label: '工号', type: 'text', advanced: true },
    { key: 'createTime', label: '创建时间', type: 'dateRange', advanced: true },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    add: { key: 'add', label: '新增', perm: 'user:add' },
    export: { key: 'export', label: '导出', perm: 'user:export' },
    import: { key: 'import', label: '导入', perm: 'user:import' },
    links: [{ key: 'recycleBin', label: '回收站', perm: 'user:recycle', href: `${USERS_ROUTE}/recycleBin` }],
  },
  rowActions: [
    { key: 'edit', label: '编辑', perm: 'user:edit' },
    { key: 'detail', label: '详情' },
    { key: 'password', label: '密码', perm: 'user:password', more: true },
    { key: 'freeze', label: '冻结', perm: 'user:status', more: true, showIf: { field: 'status', values: ['1'] } },
    { key: 'unfreeze', label: '解冻', perm: 'user:status', more: true, showIf: { field: 'status', values: ['2'] } },
    { key: 'delete', label: '删除', perm: 'user:del', confirm: '确定删除吗?', more: true, danger: true },
  ],
  bulkActions: [
    { key: 'delete', label: '删除', perm: 'user:del', confirm: '是否删除选中数据?', danger: true },
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
    { key: 'username', label: '用户账号', type: 'text', required: true, maxLength: 32, readonlyOnEdit: true, help: '3–32位字母、数字或 _ . @ -，保存后不可修改' },
    { key: 'password', label: '登录密码', type: 'password', required: true, addOnly: true, maxLength: 64, help: PASSWORD_HELP },
    { key: 'confirmpassword', label: '确认密码', type: 'password', required: true, addOnly: true, maxLength: 64 },
    { key: 'realname', label: '真实姓名', type: 'text', required: true, maxLength: 50 },
    { key: 'userIdentity', label: '身份', type: 'radio', dict: 'user_identity', defaultValue: '1' },
    { key: 'selectedroles', label: '角色', type: 'multiselect', optionsFrom: { api: '/sys/role/queryall', value: 'id', label: 'roleName' }, help: '不选时默认为学生' },
    // Department pickers: the page renders a searchable checkbox list (schools can have thousands of classes).
    { key: 'selecteddeparts', label: '所属班级', type: 'multiselect' },
    { key: 'departIds', label: '负责班级', type: 'multiselect', help: '教师负责的学校、年级或班级（含下级）' },
    { key: 'sex', label: '性别', type: 'radio', dict: 'sex' },
    { key: 'birthday', label: '生日', type: 'date' },
    { key: 'phone', label: '手机号', type: 'text', maxLength: 11 },
    { key: 'email', label: '邮箱', type: 'text', maxLength: 100 },
    // 工号: checked by the 编码校验规则 work_no, generated by the 填值规则 user_work_no (both seeded, editable).
    { key: 'workNo', label: '工号', type: 'text', maxLength: 32, checkRule: 'work_no', fillRule: 'user_work_no' },
    { key: 'post', label: '职务', type: 'multiselect', optionsFrom: { api: '/sys/position/list', value: 'code', label: 'name' }, help: '可多选；职务在“职务管理”中维护' },
  ],
};

/** Admin password reset dialog (PUT /sys/user/changePassword). */
export const passwordForm: FormSpec = {
  width: 520,
  fields: [
    { key: 'password', label: '新密码', type: 'password', required: true, maxLength: 64, help: `${PASSWORD_HELP}；修改后该用户需重新登录，并须先设置自己的新密码` },
    { key: 'confirmpassword', label: '确认密码', type: 'password', required: true, maxLength: 64 },
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
