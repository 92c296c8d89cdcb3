// 数据规则 (/isystem/permissionDataRule): every menu's data rules in one list, with the add/edit form and the
// preview of the rows a role would see. Shared by the API and the page. Pure data: no database, no HTML.
import { DATA_RULE_COLUMNS, DATA_RULE_CONDITIONS, DATA_RULE_VARIABLES } from './permissions.js';
import type { FieldOption, FormSpec, ListSpec } from './spec.js';

export const DATA_RULE_ROUTE = '/isystem/permissionDataRule';
const API = '/sys/permission';

/** Button codes of the screen; add/edit/del are admin-only (ADMIN_ONLY_CODES): rules decide who sees what. */
export const DATA_RULE_PERMS = {
  add: 'datarule:add',
  edit: 'datarule:edit',
  del: 'datarule:del',
  export: 'datarule:export',
} as const;

export const DATA_RULE_API = {
  list: `${API}/dataRuleList`,
  add: `${API}/addDataRule`,
  edit: `${API}/editDataRule`,
  queryById: `${API}/queryDataRuleById`,
  delete: `${API}/deleteDataRule`,
  deleteBatch: `${API}/deleteDataRuleBatch`,
  exportXls: `${API}/exportDataRuleXls`,
  /** Menus that can carry rules: [{id, name, component}]. */
  menus: `${API}/dataRuleMenus`,
  /** GET ?id=<rule>&roleId=<role>: the rows the role would see. */
  preview: `${API}/previewDataRule`,
} as const;

export const dataRulesList: ListSpec = {
  route: DATA_RULE_ROUTE,
  title: '数据规则',
  api: {
    list: DATA_RULE_API.list,
    add: DATA_RULE_API.add,
    edit: DATA_RULE_API.edit,
    queryById: DATA_RULE_API.queryById,
    delete: DATA_RULE_API.delete,
    deleteBatch: DATA_RULE_API.deleteBatch,
    exportXls: DATA_RULE_API.exportXls,
  },
  columns: [
    { key: 'permissionName', title: '菜单', sortable: true, width: 110 },
    { key: 'ruleName', title: '规则名称', sortable: true, width: 150 },
    { key: 'ruleColumn', title: '规则字段', sortable: true, width: 130 },
    { key: 'conditionText', title: '条件规则', width: 90 },
    { key: 'ruleValue', title: '规则值', render: 'ellipsis', width: 140 },
    { key: 'status', title: '状态', dict: 'valid_status', render: 'tag', colors: { '1': 'green', '0': 'default' }, width: 70, align: 'center' },
    { key: 'createTime', title: '创建时间', sortable: true, width: 160 },
  ],
  filters: [
    { key: 'permissionId', label: '菜单', type: 'select', optionsFrom: { api: DATA_RULE_API.menus, value: 'id', label: 'name' }, autoSubmit: true },
    { key: 'ruleName', label: '规则名称', type: 'text', placeholder: '请输入规则名称' },
    { key: 'ruleColumn', label: '规则字段', type: 'text', advanced: true },
    { key: 'status', label: '状态', type: 'dict', dict: 'valid_status', advanced: true },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    add: { key: 'add', label: '新增', perm: DATA_RULE_PERMS.add },
    export: { key: 'export', label: '导出', perm: DATA_RULE_PERMS.export },
  },
  rowActions: [
    { key: 'edit', label: '编辑', perm: DATA_RULE_PERMS.edit },
    { key: 'preview', label: '预览' },
    { key: 'delete', label: '删除', perm: DATA_RULE_PERMS.del, confirm: '确定删除吗?删除后各角色授权中的该规则一并移除', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: DATA_RULE_PERMS.del, confirm: '是否删除选中数据?', danger: true }],
  exportName: '数据规则',
};

/** The lists that support rules (menu components), by the name of their screen. */
export const RULE_LISTS: Record<string, string> = {
  'system/UserList': '用户管理',
  'teaching/TeachingWorkList': '作业管理',
  'teaching/TeachingAdditionalWorkList': '布置班级作业',
  'teaching/TeachingCourseList': '课程包管理',
  'system/SysAnnouncementList': '通告管理',
};

/** Every column some menu's rules may use, labelled; the API checks the column against the chosen menu. */
const RULE_COLUMN_OPTIONS: FieldOption[] = [
  ...new Map(Object.values(DATA_RULE_COLUMNS).flat().map((c) => [c.column, { value: c.column, label: `${c.label}（${c.column}）` }])).values(),
];

export const dataRuleScreenForm: FormSpec = {
  width: 680,
  fields: [
    { key: 'permissionId', label: '菜单', type: 'select', required: true, optionsFrom: { api: DATA_RULE_API.menus, value: 'id', label: 'name' }, readonlyOnEdit: true, help: '规则所属的菜单（它守护的列表）；保存后不可修改' },
    { key: 'ruleName', label: '规则名称', type: 'text', required: true, maxLength: 50 },
    { key: 'ruleColumn', label: '规则字段', type: 'select', required: true, options: RULE_COLUMN_OPTIONS, help: '须是该菜单列表支持的字段' },
    { key: 'ruleConditions', label: '条件规则', type: 'select', required: true, options: DATA_RULE_CONDITIONS },
    { key: 'ruleValue', label: '规则值', type: 'text', required: true, maxLength: 300, help: `可使用 ${DATA_RULE_VARIABLES.join('、')}（当前用户账号、当前部门编码）` },
    { key: 'status', label: '状态', type: 'radio', options: [{ value: '1', label: '有效' }, { value: '0', label: '无效' }], defaultValue: '1' },
  ],
};
