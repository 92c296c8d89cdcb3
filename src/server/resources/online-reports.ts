// 在线报表 (/online/cgreport): a report's fields (the anchor's onl_cgreport_head, _item, _param) and the list of
// report definitions, shared by the API and the designer screen. What the SQL may be: domain/report-sql.ts.
import { dataSourceApi } from '../contracts/data-sources.js';
import { dictApi } from '../contracts/dicts.js';
import { reportHeadApi } from '../contracts/online-reports.js';
import { resource } from './fields.js';
import type { FieldSpec, FormSpec, ListSpec } from './spec.js';
import { crudActions } from './crud-actions.js';

const REPORTS_ROUTE = '/online/cgreport';

/** A column name of the report's SELECT: letters (Chinese too), digits and underscores. */
const FIELD_NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;

const FIELD_TYPES = ['String', 'Integer', 'Long', 'Double', 'BigDecimal', 'Date', 'Datetime'] as const;

export const reportHeadFields = resource({
  code: { label: '报表编码', kind: 'code', required: true, max: 100, pattern: { re: /^(?!(?:form|save|delete)$)[A-Za-z0-9_-]+$/, message: '报表编码只能包含字母、数字、下划线和短横线，且不能是 form、save 或 delete' } },
  name: { label: '报表名字', kind: 'name', required: true, max: 100 },
  cgrSql: { label: '报表SQL', kind: 'text', required: true, max: 8000, messages: { required: '请输入报表SQL' } },
  returnValField: { label: '返回值字段', kind: 'text', max: 100 },
  returnTxtField: { label: '返回文本字段', kind: 'text', max: 100 },
  returnType: { label: '返回类型', kind: 'choice', options: [{ value: '1', label: '单选' }, { value: '2', label: '多选' }], max: 2 },
  dbSource: { label: '动态数据源', kind: 'code', max: 100 },
  content: { label: '描述', kind: 'text', max: 1000 },
  createTime: { label: '创建时间', kind: 'datetime' },
});

export const REPORT_HEAD_KEYS = ['code', 'name', 'cgrSql', 'returnValField', 'returnTxtField', 'returnType', 'dbSource', 'content'] as const;

export const reportItemFields = resource({
  fieldName: { label: '字段名字', kind: 'code', required: true, max: 64, pattern: { re: FIELD_NAME, message: '字段名字只能包含字母、数字和下划线' } },
  fieldTxt: { label: '字段文本', kind: 'name', max: 300 },
  fieldWidth: { label: '字段宽度', kind: 'int', min: 0, max: 2000 },
  fieldType: { label: '字段类型', kind: 'choice', options: FIELD_TYPES.map((v) => ({ value: v, label: v })), max: 10 },
  searchMode: { label: '查询模式', kind: 'choice', options: [{ value: 'single', label: '单条件查询' }, { value: 'group', label: '范围查询' }], max: 10 },
  isOrder: { label: '是否排序', kind: 'flag' },
  isSearch: { label: '是否查询', kind: 'flag' },
  dictCode: { label: '字典CODE', kind: 'code', max: 500, pattern: { re: /^[A-Za-z0-9_]+$/, message: '字典CODE只能包含字母、数字和下划线' } },
  fieldHref: { label: '字段跳转URL', kind: 'text', max: 120, pattern: { re: /^(?:https?:\/\/|\/)[^\s"'<>]*$/, message: '字段跳转URL只能是本站路径（/开头）或 http(s) 地址' } },
  isShow: { label: '是否显示', kind: 'flag' },
  orderNum: { label: '排序', kind: 'int', min: 0, max: 10000 },
  replaceVal: { label: '取值表达式', kind: 'text', max: 200 },
});

export const REPORT_ITEM_KEYS = ['fieldName', 'fieldTxt', 'fieldWidth', 'fieldType', 'searchMode', 'isOrder', 'isSearch', 'dictCode', 'fieldHref', 'isShow', 'orderNum', 'replaceVal'] as const;

export const reportParamFields = resource({
  paramName: { label: '参数字段', kind: 'code', required: true, max: 32, pattern: { re: /^[A-Za-z_][A-Za-z0-9_]*$/, message: '参数字段只能包含字母、数字和下划线，以字母或下划线开头' } },
  paramTxt: { label: '参数文本', kind: 'name', max: 32 },
  paramValue: { label: '参数默认值', kind: 'text', max: 32 },
  orderNum: { label: '排序', kind: 'int', min: 0, max: 10000 },
});

export const REPORT_PARAM_KEYS = ['paramName', 'paramTxt', 'paramValue', 'orderNum'] as const;

// Admin-only screens: their buttons need no permission code (the routes are for 管理员/开发者 alone).
const reportActions = crudActions({}, { deleteInline: true });

export const reportsList: ListSpec = {
  route: REPORTS_ROUTE,
  title: '在线报表配置',
  api: { list: reportHeadApi.list, add: reportHeadApi.add, edit: reportHeadApi.editAll, delete: reportHeadApi.delete, deleteBatch: reportHeadApi.deleteBatch },
  columns: [
    reportHeadFields.column('code', { sortable: true, width: 160 }),
    reportHeadFields.column('name', { sortable: true }),
    reportHeadFields.column('cgrSql', { render: 'ellipsis' }),
    reportHeadFields.column('dbSource', { width: 140 }),
    reportHeadFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [reportHeadFields.filter('code', 'text', { placeholder: '请输入报表编码' }), reportHeadFields.filter('name', 'text', { placeholder: '请输入报表名字' })],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { add: reportActions.add },
  // 编辑 and 打开报表 are the screen's own links (pages/online/reports.tsx): the designer opens a report by its code.
  rowActions: [reportActions.delete],
  bulkActions: [reportActions.batchDelete],
  exportName: '在线报表',
};

/** The designer's head fields (在线报表配置 → 新增/编辑). Its items and parameters are the two row grids below. */
export const reportHeadForm: FormSpec = {
  width: 1200,
  fields: [
    reportHeadFields.formField('code', { placeholder: '例如 works_by_class（报表地址 /online/cgreport/编码）' }),
    reportHeadFields.formField('name'),
    reportHeadFields.formField('dbSource', { type: 'select', optionsFrom: { api: dataSourceApi.list, value: 'code', label: 'name' }, help: '不选则读取学堂自己的数据库' }),
    reportHeadFields.formField('cgrSql', {
      type: 'textarea',
      placeholder: "select … from … where name like '%${name}%'",
      help: '一条只读的 SELECT 语句；${参数名} 是报表参数，总是作为绑定值传入。写好后点“解析SQL”生成报表列和参数',
    }),
    reportHeadFields.formField('content', { type: 'textarea' }),
  ],
};

const YES = { placeholder: '是' };
/** The columns of the 报表列 grid (one row per column of the SELECT). */
export const reportItemColumns: FieldSpec[] = [
  reportItemFields.formField('fieldName'),
  reportItemFields.formField('fieldTxt'),
  reportItemFields.formField('fieldWidth', { placeholder: '宽度' }),
  reportItemFields.formField('fieldType'),
  reportItemFields.formField('dictCode', { type: 'select', optionsFrom: { api: dictApi.list, value: 'dictCode', label: 'dictName' } }),
  reportItemFields.formField('fieldHref', { placeholder: '/ 或 http(s)' }),
  reportItemFields.formField('isSearch', YES),
  reportItemFields.formField('searchMode'),
  reportItemFields.formField('isOrder', YES),
  reportItemFields.formField('isShow', YES),
  reportItemFields.formField('orderNum', { placeholder: '序号' }),
];

/** The columns of the 报表参数 grid (one row per ${name} of the SQL). */
export const reportParamColumns: FieldSpec[] = [
  reportParamFields.formField('paramName'),
  reportParamFields.formField('paramTxt'),
  reportParamFields.formField('paramValue'),
  reportParamFields.formField('orderNum', { placeholder: '序号' }),
];
