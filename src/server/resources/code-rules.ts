// 编码校验规则 (/isystem/checkRule) and 填值规则 (/isystem/fillRule): the lists and forms shared by the API and the
// pages. Pure data: no database, no HTML.
import { CHECK_RULE_LIMITS, FILL_GENERATORS } from '../shared/fill-rules.js';
import { checkRuleApi, fillRuleApi } from '../contracts/code-rules.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type FormSpec, type ListSpec } from './spec.js';

export const CHECK_RULE_ROUTE = '/isystem/checkRule';
export const FILL_RULE_ROUTE = '/isystem/fillRule';

const CODE_HELP = '字母、数字、下划线或短横线，全局唯一；表单按编码引用规则，修改后引用旧编码的表单将不再使用它';

/** The fields of both rule tables (sys_check_rule and sys_fill_rule share name and code). */
export const codeRuleFields = resource({
  ruleName: { label: '规则名称', kind: 'text', required: true, max: 100 },
  ruleCode: { label: '规则编码', kind: 'code', required: true, max: 100, pattern: { re: /^[A-Za-z0-9_-]+$/, message: '规则编码只能包含字母、数字、下划线或短横线' } },
  // The JSON itself is checked on save (domain/code-rules.ts parseRuleJson).
  ruleJson: { label: '规则JSON', kind: 'text', required: true, max: CHECK_RULE_LIMITS.json },
  ruleDescription: { label: '规则描述', kind: 'text', max: 200 },
  // A built-in generator; the API names an unknown one (parseFillParams), so the options are the form's.
  ruleClass: { label: '生成方式', kind: 'choice', required: true, max: 100 },
  ruleParams: { label: '规则参数', kind: 'text', max: 1000 },
  createTime: { label: '创建时间', kind: 'datetime' },
});

export const CHECK_RULE_FORM_KEYS = ['ruleName', 'ruleCode', 'ruleJson', 'ruleDescription'] as const;
export const FILL_RULE_FORM_KEYS = ['ruleName', 'ruleCode', 'ruleClass', 'ruleParams'] as const;

const checkRuleActions = crudActions('checkRule', {
  deleteConfirm: '确定删除该规则吗?引用它的表单将不再校验。',
  batchDeleteConfirm: '是否删除选中的规则?',
});

export const checkRulesList: ListSpec = {
  route: CHECK_RULE_ROUTE,
  title: '编码校验规则',
  api: listEndpoints(checkRuleApi),
  columns: [
    codeRuleFields.column('ruleName', { sortable: true, width: 180 }),
    codeRuleFields.column('ruleCode', { sortable: true, width: 140 }),
    codeRuleFields.column('ruleJson', { render: 'ellipsis' }),
    codeRuleFields.column('ruleDescription', { render: 'ellipsis', width: 240 }),
    codeRuleFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [
    codeRuleFields.filter('ruleName', 'text', { placeholder: '请输入规则名称' }),
    codeRuleFields.filter('ruleCode', 'text', { placeholder: '请输入规则编码' }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: checkRuleActions.toolbar,
  rowActions: [checkRuleActions.edit, checkRuleActions.delete],
  bulkActions: [checkRuleActions.batchDelete],
  exportName: '编码校验规则',
};

export const checkRuleForm: FormSpec = {
  width: 800,
  fields: [
    codeRuleFields.formField('ruleName'),
    codeRuleFields.formField('ruleCode', { help: CODE_HELP }),
    codeRuleFields.formField('ruleJson', {
      type: 'textarea',
      placeholder: '[{"digits":"1","pattern":"[a-zA-Z]","message":"第一位只能是字母"},{"digits":"*","pattern":"[0-9a-zA-Z_]{3,12}","message":"只能是3–12位字母、数字或下划线"}]',
    }),
    codeRuleFields.formField('ruleDescription', { type: 'textarea' }),
  ],
};

const fillRuleActions = crudActions('fillRule', {
  deleteConfirm: '确定删除该规则吗?它的流水号计数也会删除。',
  batchDeleteConfirm: '是否删除选中的规则?',
});

export const fillRulesList: ListSpec = {
  route: FILL_RULE_ROUTE,
  title: '填值规则',
  api: listEndpoints(fillRuleApi),
  columns: [
    codeRuleFields.column('ruleName', { sortable: true, width: 180 }),
    codeRuleFields.column('ruleCode', { sortable: true, width: 160 }),
    codeRuleFields.column('ruleClass', { sortable: true, width: 160 }),
    codeRuleFields.column('ruleParams'),
    codeRuleFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [
    codeRuleFields.filter('ruleName', 'text', { placeholder: '请输入规则名称' }),
    codeRuleFields.filter('ruleCode', 'text', { placeholder: '请输入规则编码' }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: fillRuleActions.toolbar,
  rowActions: [fillRuleActions.edit, fillRuleActions.delete],
  bulkActions: [fillRuleActions.batchDelete],
  exportName: '填值规则',
};

export const fillRuleForm: FormSpec = {
  width: 760,
  fields: [
    codeRuleFields.formField('ruleName'),
    codeRuleFields.formField('ruleCode', { help: CODE_HELP }),
    codeRuleFields.formField('ruleClass', {
      options: FILL_GENERATORS.map((g) => ({ value: g.key, label: `${g.name}（${g.key}）` })),
      help: '只能选择系统内置的生成方式',
    }),
    codeRuleFields.formField('ruleParams', { type: 'textarea', placeholder: 'JSON，例如 {"prefix":"XT","datePattern":"yyyy","digits":4}' }),
  ],
};
