// 菜单管理 (/isystem/permission), its data rules, and the users of a role (角色管理 → 用户): declarations shared
// by the API, the domain rules and the pages. Pure data: no database, no HTML.
import type { FieldOption, FormSpec, ListSpec } from './spec.js';

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

const switchField = (key: string, label: string, help?: string) => ({ key, label, type: 'switch' as const, placeholder: '是', help });

/** Fields of the menu form by menu type: menus carry the route fields, buttons the permission fields. */
export function permissionFormFields(menuType: 0 | 1 | 2): FormSpec['fields'] {
  const isButton = menuType === 2;
  const common = [
    { key: 'menuType', label: '菜单类型', type: 'radio' as const, required: true, options: MENU_TYPES },
    { key: 'name', label: isButton ? '按钮/权限名称' : '菜单名称', type: 'text' as const, required: true, maxLength: 100 },
    ...(menuType === 0 ? [] : [{ key: 'parentId', label: '上级菜单', type: 'select' as const, required: true }]),
  ];
  if (isButton) {
    return [
      ...common,
      { key: 'perms', label: '授权标识', type: 'text', required: true, maxLength: 100, placeholder: '例如 user:add', help: '按钮权限编码，全局唯一' },
      { key: 'permsType', label: '授权策略', type: 'radio', options: [{ value: '1', label: '可见/可访问(授权后可见/可访问)' }, { value: '2', label: '可编辑(未授权时禁用)' }] },
      { key: 'status', label: '状态', type: 'radio', options: [{ value: '1', label: '有效' }, { value: '0', label: '无效(所有人可见)' }] },
      { key: 'sortNo', label: '排序', type: 'number' },
      { key: 'description', label: '描述', type: 'textarea', maxLength: 255 },
    ];
  }
  return [
    ...common,
    { key: 'url', label: '菜单路径', type: 'text', required: true, maxLength: 255, placeholder: '例如 /isystem/user，或 http(s):// 外部链接' },
    { key: 'component', label: '前端组件', type: 'text', required: menuType === 1, maxLength: 255, placeholder: menuType === 0 ? '留空则为 layouts/RouteView' : '例如 system/UserList' },
    { key: 'componentName', label: '路由名称', type: 'text', maxLength: 100, help: '留空则由菜单路径生成' },
    { key: 'redirect', label: '默认跳转地址', type: 'text', maxLength: 255 },
    { key: 'icon', label: '菜单图标', type: 'text', maxLength: 100, placeholder: '例如 setting' },
    { key: 'sortNo', label: '排序', type: 'number' },
    switchField('route', '是否路由菜单', '关闭后该菜单不注册为路由'),
    switchField('hidden', '隐藏路由', '隐藏后不在菜单中显示'),
    switchField('alwaysShow', '聚合路由'),
    switchField('keepAlive', '缓存路由'),
    switchField('internalOrExternal', '外部打开', '在新窗口中打开'),
    { key: 'description', label: '描述', type: 'textarea', maxLength: 255 },
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
export const DATA_RULE_VARIABLES = ['#{sys_user_code}', '#{sys_org_code}'] as const;

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

export const dataRuleForm = (component: string | null | undefined): FormSpec => ({
  width: 640,
  fields: [
    { key: 'ruleName', label: '规则名称', type: 'text', required: true, maxLength: 50 },
    {
      key: 'ruleColumn',
      label: '规则字段',
      type: 'select',
      required: true,
      options: dataRuleColumnsOf(component).map((c) => ({ value: c.column, label: `${c.label}（${c.column}）` })),
    },
    { key: 'ruleConditions', label: '条件规则', type: 'select', required: true, options: DATA_RULE_CONDITIONS },
    { key: 'ruleValue', label: '规则值', type: 'text', required: true, maxLength: 300, help: `可使用 ${DATA_RULE_VARIABLES.join('、')}（当前用户账号、当前部门编码）` },
    { key: 'status', label: '状态', type: 'radio', options: [{ value: '1', label: '有效' }, { value: '0', label: '无效' }] },
  ],
});

// ---- users of a role --------------------------------------------------------------------------------------

/** GET /sys/user/userRoleList: the paged users of one role (the 用户 dialog of 角色管理). */
export const roleUsersList: ListSpec = {
  route: `${ROLE_ROUTE}/users`,
  title: '角色用户',
  api: { list: '/sys/user/userRoleList' },
  columns: [
    { key: 'username', title: '用户账号', sortable: true },
    { key: 'realname', title: '用户姓名', sortable: true },
    { key: 'sex', title: '性别', dict: 'sex', width: 70 },
    { key: 'status', title: '状态', dict: 'user_status', width: 80 },
    { key: 'createTime', title: '创建时间', sortable: true, width: 170 },
  ],
  filters: [
    { key: 'username', label: '用户账号', type: 'text' },
    { key: 'realname', label: '用户姓名', type: 'text' },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {},
  rowActions: [{ key: 'remove', label: '移除', perm: 'role:user', confirm: '确定将该用户移出此角色吗?', danger: true }],
  bulkActions: [{ key: 'remove', label: '移除', perm: 'role:user', confirm: '是否将选中用户移出此角色?', danger: true }],
  exportName: '角色用户',
};
