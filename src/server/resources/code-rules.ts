// 编码校验规则 (/isystem/checkRule) and 填值规则 (/isystem/fillRule): the lists and forms shared by the API and the
// pages. Pure data: no database, no HTML.
import { CHECK_RULE_LIMITS, FILL_GENERATORS } from '../shared/fill-rules.js';
import type { FormSpec, ListSpec } from './spec.js';

export const CHECK_RULE_ROUTE = '/isystem/checkRule';
export const FILL_RULE_ROUTE = '/isystem/fillRule';

const CODE_HELP = '字母、数字、下划线或短横线，全局唯一；表单按编码引用规则，修改后引用旧编码的表单将不再使用它';

export const checkRulesList: ListSpec = {
  route: CHECK_RULE_ROUTE,
  title: '编码校验规则',
  api: {
    list: '/sys/checkRule/list',
    add: '/sys/checkRule/add',
    edit: '/sys/checkRule/edit',
    queryById: '/sys/checkRule/queryById',
    delete: '/sys/checkRule/delete',
    deleteBatch: '/sys/checkRule/deleteBatch',
    exportXls: '/sys/checkRule/exportXls',
    importExcel: '/sys/checkRule/importExcel',
  },
  columns: [
    { key: 'ruleName', title: '规则名称', sortable: true, width: 180 },
    { key: 'ruleCode', title: '规则编码', sortable: true, width: 140 },
    { key: 'ruleJson', title: '规则JSON', render: 'ellipsis' },
    { key: 'ruleDescription', title: '规则描述', render: 'ellipsis', width: 240 },
    { key: 'createTime', title: '创建时间', sortable: true, width: 170 },
  ],
  filters: [
    { key: 'ruleName', label: '规则名称', type: 'text', placeholder: '请输入规则名称' },
    { key: 'ruleCode', label: '规则编码', type: 'text', placeholder: '请输入规则编码' },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    add: { key: 'add', label: '新增', perm: 'checkRule:add' },
    export: { key: 'export', label: '导出', perm: 'checkRule:export' },
    import: { key: 'import', label: '导入', perm: 'checkRule:import' },
  },
  rowActions: [
    { key: 'edit', label: '编辑', perm: 'checkRule:edit' },
    { key: 'delete', label: '删除', perm: 'checkRule:del', confirm: '确定删除该规则吗?引用它的表单将不再校验。', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'checkRule:del', confirm: '是否删除选中的规则?', danger: true }],
  exportName: '编码校验规则',
};

export const checkRuleForm: FormSpec = {
  width: 800,
  fields: [
    { key: 'ruleName', label: '规则名称', type: 'text', required: true, maxLength: 100 },
    { key: 'ruleCode', label: '规则编码', type: 'text', required: true, maxLength: 100, help: CODE_HELP },
    {
      key: 'ruleJson',
      label: '规则JSON',
      type: 'textarea',
      required: true,
      maxLength: CHECK_RULE_LIMITS.json,
      placeholder: '[{"digits":"1","pattern":"[a-zA-Z]","message":"第一位只能是字母"},{"digits":"*","pattern":"[0-9a-zA-Z_]{3,12}","message":"只能是3–12位字母、数字或下划线"}]',
    },
    { key: 'ruleDescription', label: '规则描述', type: 'textarea', maxLength: 200 },
  ],
};

export const fillRulesList: ListSpec = {
  route: FILL_RULE_ROUTE,
  title: '填值规则',
  api: {
    list: '/sys/fillRule/list',
    add: '/sys/fillRule/add',
    edit: '/sys/fillRule/edit',
    queryById: '/sys/fillRule/queryById',
    delete: '/sys/fillRule/delete',
    deleteBatch: '/sys/fillRule/deleteBatch',
    exportXls: '/sys/fillRule/exportXls',
    importExcel: '/sys/fillRule/importExcel',
  },
  columns: [
    { key: 'ruleName', title: '规则名称', sortable: true, width: 180 },
    { key: 'ruleCode', title: '规则编码', sortable: true, width: 160 },
    { key: 'ruleClass', title: '生成方式', sortable: true, width: 160 },
    { key: 'ruleParams', title: '规则参数' },
    { key: 'createTime', title: '创建时间', sortable: true, width: 170 },
  ],
  filters: [
    { key: 'ruleName', label: '规则名称', type: 'text', placeholder: '请输入规则名称' },
    { key: 'ruleCode', label: '规则编码', type: 'text', placeholder: '请输入规则编码' },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    add: { key: 'add', label: '新增', perm: 'fillRule:add' },
    export: { key: 'export', label: '导出', perm: 'fillRule:export' },
    import: { key: 'import', label: '导入', perm: 'fillRule:import' },
  },
  rowActions: [
    { key: 'edit', label: '编辑', perm: 'fillRule:edit' },
    { key: 'delete', label: '删除', perm: 'fillRule:del', confirm: '确定删除该规则吗?它的流水号计数也会删除。', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'fillRule:del', confirm: '是否删除选中的规则?', danger: true }],
  exportName: '填值规则',
};

export const fillRuleForm: FormSpec = {
  width: 760,
  fields: [
    { key: 'ruleName', label: '规则名称', type: 'text', required: true, maxLength: 100 },
    { key: 'ruleCode', label: '规则编码', type: 'text', required: true, maxLength: 100, help: CODE_HELP },
    {
      key: 'ruleClass',
      label: '生成方式',
      type: 'select',
      required: true,
      options: FILL_GENERATORS.map((g) => ({ value: g.key, label: `${g.name}（${g.key}）` })),
      help: '只能选择系统内置的生成方式',
    },
    { key: 'ruleParams', label: '规则参数', type: 'textarea', maxLength: 1000, placeholder: 'JSON，例如 {"prefix":"XT","datePattern":"yyyy","digits":4}' },
  ],
};
