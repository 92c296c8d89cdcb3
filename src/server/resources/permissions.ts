// 菜单管理 (/isystem/permission), its data rules, and the users of a role (角色管理 → 用户): declarations shared
// by the API, the domain rules and the pages. Pure data: no database, no HTML.
import { roleGrantApi } from '../contracts/roles.js';
import { resource, type FieldRule } from './fields.js';
import { subListAsList, type FieldOption, type FormSpec, type ListSpec, type PagedSubListSpec } from './spec.js';
import { userFields } from './users.js';

export const PERMISSION_ROUTE = '/isystem/permission';
export const ROLE_ROUTE = '/isystem/role';

/** menu_type values. */
export const MENU_TYPES: FieldOption[] = [
  { value: '0', label: '一级菜单' },
  { value: '1', label: '子菜单' },
  { value: '2', label: '按钮/权限' },
];

/** Button permission codes of the screen (seeded for admin only). */
export const PERMISSION_PERMS = {
  add: 'permission:add',
  edit: 'permission:edit',
  del: 'permission:del',
  rule: 'permission:rule',
} as const;

/**
 * The fields of a menu, a sub-menu or a button (sys_permission). What a type requires beyond the name (a parent,
 * a path, a component, a permission code) is checked on save by the API's business rules (checkPermission), so
 * it is not required here; PERMISSION_FIELDS_BY_TYPE marks it for each type's form.
 */
export const permissionFields = resource({
  // The API keeps its own parse of the type: a number, 请选择菜单类型 unless it is one (permission-admin.ts).
  menuType: { label: '菜单类型', kind: 'choice', required: true, options: MENU_TYPES, messages: { invalid: '菜单类型只能是0、1或2' } },
  name: { label: '菜单名称', kind: 'name', required: true, max: 100 },
  parentId: { label: '上级菜单', kind: 'choice', max: 64 },
  url: { label: '菜单路径', kind: 'text', max: 255 },
  component: { label: '前端组件', kind: 'text', max: 255 },
  componentName: { label: '路由名称', kind: 'text', max: 100 },
  redirect: { label: '默认跳转地址', kind: 'text', max: 255 },
  icon: { label: '菜单图标', kind: 'text', max: 100 },
  perms: { label: '授权标识', kind: 'text', max: 100 },
  permsType: {
    label: '授权策略',
    kind: 'choice',
    options: [
      { value: '1', label: '可见/可访问(授权后可见/可访问)' },
      { value: '2', label: '可编辑(未授权时禁用)' },
    ],
    messages: { invalid: '授权策略只能是1或2' },
  },
  status: {
    label: '状态',
    kind: 'choice',
    options: [
      { value: '1', label: '有效' },
      { value: '0', label: '无效(所有人可见)' },
    ],
    messages: { invalid: '状态只能是0或1' },
  },
  // The API takes a decimal (sort_no is a double; the seeded 工作台 sorts at 0.5), which no kind declares.
  sortNo: { label: '排序', kind: 'int', min: -100000, max: 100000 },
  route: { label: '是否路由菜单', kind: 'flag' },
  hidden: { label: '隐藏路由', kind: 'flag' },
  alwaysShow: { label: '聚合路由', kind: 'flag' },
  keepAlive: { label: '缓存路由', kind: 'flag' },
  internalOrExternal: { label: '外部打开', kind: 'flag' },
  description: { label: '描述', kind: 'text', max: 255 },
});

/** The fields an add or an edit sends (every type: the API ignores what a type does not use). */
export const PERMISSION_FORM_KEYS = [
  'menuType',
  'name',
  'parentId',
  'url',
  'component',
  'componentName',
  'redirect',
  'icon',
  'perms',
  'permsType',
  'status',
  'sortNo',
  'route',
  'hidden',
  'alwaysShow',
  'keepAlive',
  'internalOrExternal',
  'description',
] as const;

const required = <R extends FieldRule>(r: R) => ({ ...r, required: true as const });
const P = permissionFields.fields;

/** The fields as each menu type's form shows them: what checkPermission requires of the type is marked required. */
export const PERMISSION_FIELDS_BY_TYPE = {
  0: resource({ ...P, url: required(P.url) }),
  1: resource({ ...P, parentId: required(P.parentId), url: required(P.url), component: required(P.component) }),
  2: resource({ ...P, parentId: required(P.parentId), perms: required(P.perms) }),
} as const;

/** Fields of the menu form by menu type: menus carry the route fields, buttons the permission fields. */
export function permissionFormFields(menuType: 0 | 1 | 2): FormSpec['fields'] {
  const f = PERMISSION_FIELDS_BY_TYPE[menuType];
  const isButton = menuType === 2;
  const common = [
    f.formField('menuType', { type: 'radio' }),
    f.formField('name', isButton ? { label: '按钮/权限名称' } : {}),
    ...(menuType === 0 ? [] : [f.formField('parentId')]),
  ];
  if (isButton) {
    return [
      ...common,
      f.formField('perms', { placeholder: '例如 user:add', help: '按钮权限编码，全局唯一' }),
      f.formField('permsType', { type: 'radio' }),
      f.formField('status', { type: 'radio' }),
      f.formField('sortNo'),
      f.formField('description', { type: 'textarea' }),
    ];
  }
  const switchField = (key: 'route' | 'hidden' | 'alwaysShow' | 'keepAlive' | 'internalOrExternal', help?: string) => f.formField(key, { placeholder: '是', help });
  return [
    ...common,
    f.formField('url', { placeholder: '例如 /isystem/user，或 http(s):// 外部链接' }),
    f.formField('component', { placeholder: menuType === 0 ? '留空则为 layouts/RouteView' : '例如 system/UserList' }),
    f.formField('componentName', { help: '留空则由菜单路径生成' }),
    f.formField('redirect'),
    f.formField('icon', { placeholder: '例如 setting' }),
    f.formField('sortNo'),
    switchField('route', '关闭后该菜单不注册为路由'),
    switchField('hidden', '隐藏后不在菜单中显示'),
    switchField('alwaysShow'),
    switchField('keepAlive'),
    switchField('internalOrExternal', '在新窗口中打开'),
    f.formField('description', { type: 'textarea' }),
  ];
}

// ---- data rules -------------------------------------------------------------------------------------------

/** rule_conditions the server accepts (SQL fragments such as USE_SQL_RULES are never accepted). */
export const DATA_RULE_CONDITIONS: FieldOption[] = [
  { value: '=', label: '等于' },
  { value: '!=', label: '不等于' },
  { value: '>', label: '大于' },
  { value: '>=', label: '大于等于' },
  { value: '<', label: '小于' },
  { value: '<=', label: '小于等于' },
  { value: 'IN', label: '包含(IN，逗号分隔)' },
  { value: 'LIKE', label: '模糊(LIKE)' },
];

/** Placeholders a rule value may use, resolved per request from the caller's session. */
const DATA_RULE_VARIABLES = ['#{sys_user_code}', '#{sys_org_code}'] as const;

export interface DataRuleColumn {
  /** Column of the guarded list's main table (snake_case, as stored in rule_column). */
  column: string;
  label: string;
  type: 'string' | 'number';
}

/**
 * The columns a data rule may filter on, per menu component (the list it guards). A rule on any other column
 * is refused when it is saved, so a rule can never name arbitrary SQL.
 */
export const DATA_RULE_COLUMNS: Record<string, DataRuleColumn[]> = {
  'system/UserList': [
    { column: 'user_identity', label: '用户身份', type: 'number' },
    { column: 'sex', label: '性别', type: 'number' },
    { column: 'status', label: '状态', type: 'number' },
    { column: 'org_code', label: '当前部门编码', type: 'string' },
    { column: 'username', label: '用户账号', type: 'string' },
    { column: 'create_by', label: '创建人', type: 'string' },
  ],
  'teaching/TeachingWorkList': [
    { column: 'work_status', label: '作业状态', type: 'number' },
    { column: 'work_type', label: '作品类型', type: 'string' },
    { column: 'create_by', label: '创建人', type: 'string' },
  ],
  'teaching/TeachingAdditionalWorkList': [
    { column: 'status', label: '状态', type: 'number' },
    { column: 'create_by', label: '创建人', type: 'string' },
  ],
  'teaching/TeachingCourseList': [
    { column: 'course_type', label: '课程类型', type: 'string' },
    { column: 'course_category', label: '课程分类', type: 'string' },
    { column: 'create_by', label: '创建人', type: 'string' },
  ],
  'system/SysAnnouncementList': [
    { column: 'msg_category', label: '消息类型', type: 'string' },
    { column: 'priority', label: '优先级', type: 'string' },
    { column: 'send_status', label: '发布状态', type: 'string' },
    { column: 'create_by', label: '创建人', type: 'string' },
  ],
};

export const dataRuleColumnsOf = (component: string | null | undefined): DataRuleColumn[] => DATA_RULE_COLUMNS[component ?? ''] ?? [];

/**
 * A data rule (sys_permission_data_rule), of 菜单管理's 数据规则 dialog and of the 数据规则 screen. The column and the
 * condition are checked against the menu's list on save (domain/permission-tree.ts checkDataRule, which names
 * what is allowed), so their options are the forms'.
 */
export const dataRuleFields = resource({
  permissionId: { label: '菜单', kind: 'choice', required: true, max: 64 },
  /** The menu's name (数据规则's list joins it). */
  permissionName: { label: '菜单', kind: 'text', column: 'p.name' },
  ruleName: { label: '规则名称', kind: 'name', required: true, max: 50 },
  ruleColumn: { label: '规则字段', kind: 'choice', required: true, max: 50 },
  ruleConditions: { label: '条件规则', kind: 'choice', required: true, max: 50 },
  ruleValue: { label: '规则值', kind: 'text', required: true, max: 300 },
  status: {
    label: '状态',
    kind: 'choice',
    dict: 'valid_status',
    options: [
      { value: '1', label: '有效' },
      { value: '0', label: '无效' },
    ],
    messages: { invalid: '状态只能是0或1' },
  },
  createTime: { label: '创建时间', kind: 'datetime' },
});

/** The fields an add or an edit of a rule sends. */
export const DATA_RULE_FORM_KEYS = ['permissionId', 'ruleName', 'ruleColumn', 'ruleConditions', 'ruleValue', 'status'] as const;

/** The help of a rule value: the variables it may use. */
export const DATA_RULE_VALUE_HELP = `可使用 ${DATA_RULE_VARIABLES.join('、')}（当前用户账号、当前部门编码）`;

/** The columns a menu's rules may use, as options. */
const dataRuleColumnOptions = (component: string | null | undefined): FieldOption[] => dataRuleColumnsOf(component).map((c) => ({ value: c.column, label: `${c.label}（${c.column}）` }));

export const dataRuleForm = (component: string | null | undefined): FormSpec => ({
  width: 640,
  fields: [
    dataRuleFields.formField('ruleName'),
    dataRuleFields.formField('ruleColumn', { options: dataRuleColumnOptions(component) }),
    dataRuleFields.formField('ruleConditions', { options: DATA_RULE_CONDITIONS }),
    dataRuleFields.formField('ruleValue', { help: DATA_RULE_VALUE_HELP }),
    dataRuleFields.formField('status', { type: 'radio' }),
  ],
});

// ---- users of a role --------------------------------------------------------------------------------------

/**
 * GET /sys/user/userRoleList: the paged users of one role, a sub-list of the 用户 dialog of 角色管理 (search by
 * account, sort, page, 移除 one or many, asked with hx-confirm in the dialog, a confirmation page without JavaScript).
 */
export const roleUsers: PagedSubListSpec = {
  key: 'role-users',
  title: '已分配的用户',
  route: `${ROLE_ROUTE}/users`,
  api: roleGrantApi.users,
  // `back` is where the dialog's 关闭 leads; keyword and cpage are the search of users to add, kept beside it.
  scope: { id: 'roleId', back: null, keyword: null, cpage: null },
  idsParam: 'userIds',
  columns: [
    userFields.column('username', { sortable: true }),
    userFields.column('realname', { title: '用户姓名', sortable: true }),
    userFields.column('sex', { width: 70 }),
    userFields.column('status', { width: 80 }),
    userFields.column('createTime', { sortable: true, width: 170, list: false }),
  ],
  filters: [userFields.filter('username', 'text', { placeholder: '按用户账号查询' })],
  defaultSort: { column: 'username', order: 'asc' },
  rowActions: [{ key: 'remove', label: '移除', perm: 'role:user', post: true, confirm: '确定将 {username} 移出此角色吗?', danger: true }],
  bulkActions: [{ key: 'remove', label: '移除选中用户', perm: 'role:user', confirm: '是否将选中用户移出此角色?', danger: true }],
  empty: '暂无用户',
  checkLabel: '选择 {username}',
};

/** The list as its API reads it; the API's own default order (newest first) and its filters stay the contract's. */
export const roleUsersList: ListSpec = {
  ...subListAsList(roleUsers),
  title: '角色用户',
  exportName: '角色用户',
  filters: [
    { key: 'username', label: '用户账号', type: 'text' },
    { key: 'realname', label: '用户姓名', type: 'text' },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
};
