// 数据规则 (/isystem/permissionDataRule): every menu's data rules in one list, with the add/edit form and the
// preview of the rows a role would see. Shared by the API and the page. Pure data: no database, no HTML.
import { dataRuleApi } from '../contracts/permissions.js';
import { crudActions } from './crud-actions.js';
import { DATA_RULE_COLUMNS, DATA_RULE_CONDITIONS, DATA_RULE_VALUE_HELP, dataRuleFields } from './permissions.js';
import { listEndpoints, type FieldOption, type FormSpec, type ListSpec } from './spec.js';

export const DATA_RULE_ROUTE = '/isystem/permissionDataRule';

/** Button codes of the screen; add/edit/del are admin-only (ADMIN_ONLY_CODES): rules decide who sees what. */
export const DATA_RULE_PERMS = {
  add: 'datarule:add',
  edit: 'datarule:edit',
  del: 'datarule:del',
  export: 'datarule:export',
} as const;


/** The menus that can carry rules, as options. */
const MENU_OPTIONS = { api: dataRuleApi.menus, value: 'id', label: 'name' };

const dataRuleActions = crudActions(DATA_RULE_PERMS, { deleteConfirm: '确定删除吗?删除后各角色授权中的该规则一并移除' });

export const dataRulesList: ListSpec = {
  route: DATA_RULE_ROUTE,
  title: '数据规则',
  api: listEndpoints(dataRuleApi),
  columns: [
    dataRuleFields.column('permissionName', { sortable: true, width: 110 }),
    dataRuleFields.column('ruleName', { sortable: true, width: 150 }),
    dataRuleFields.column('ruleColumn', { sortable: true, width: 130 }),
    // The condition's text (computed from ruleConditions).
    { key: 'conditionText', title: dataRuleFields.rule('ruleConditions').label, width: 90 },
    dataRuleFields.column('ruleValue', { render: 'ellipsis', width: 140 }),
    dataRuleFields.column('status', { render: 'tag', colors: { '1': 'green', '0': 'default' }, width: 70, align: 'center' }),
    dataRuleFields.column('createTime', { sortable: true, width: 160 }),
  ],
  filters: [
    dataRuleFields.filter('permissionId', 'select', { optionsFrom: MENU_OPTIONS, autoSubmit: true }),
    dataRuleFields.filter('ruleName', 'text', { placeholder: '请输入规则名称' }),
    dataRuleFields.filter('ruleColumn', 'text', { advanced: true }),
    dataRuleFields.filter('status', 'dict', { advanced: true }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { add: dataRuleActions.add, export: dataRuleActions.export },
  rowActions: [dataRuleActions.edit, { key: 'preview', label: '预览' }, dataRuleActions.delete],
  bulkActions: [dataRuleActions.batchDelete],
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
    dataRuleFields.formField('permissionId', { optionsFrom: MENU_OPTIONS, readonlyOnEdit: true, help: '规则所属的菜单（它守护的列表）；保存后不可修改' }),
    dataRuleFields.formField('ruleName'),
    dataRuleFields.formField('ruleColumn', { options: RULE_COLUMN_OPTIONS, help: '须是该菜单列表支持的字段' }),
    dataRuleFields.formField('ruleConditions', { options: DATA_RULE_CONDITIONS }),
    dataRuleFields.formField('ruleValue', { help: DATA_RULE_VALUE_HELP }),
    dataRuleFields.formField('status', { type: 'radio', defaultValue: '1' }),
  ],
};
