// 在线表单开发 (/online/cgform): the fields of a form definition (the anchor's onl_cgform_head, _field, _index,
// _button) and the list of definitions; and the heart of online forms, `onlineForm()`: a definition's field rows
// become the same `resource({...})` declaration the coded resources write by hand, so a generated table's API
// validates with its `schema()`, filters and sorts with its `fieldMap()`, and lists with a ListSpec, like every
// other list. Pure: no database here. What a name may be: domain/cgform-names.ts.
import { dictApi } from '../contracts/dicts.js';
import { cgformDataApi, cgformDesignApi, cgformHeadApi, type CgformFieldRecord, type CgformHeadRecord } from '../contracts/online-forms.js';
import { crudActions } from './crud-actions.js';
import { resource, type FieldRule, type Resource } from './fields.js';
import type { ApiRef, ColumnSpec, FieldSpec, FilterSpec, FormSpec, ListSpec, SubListSpec } from './spec.js';

const FORMS_ROUTE = '/online/cgform';
const YES_NO = [{ value: 'Y', label: '是' }, { value: 'N', label: '否' }];
const ZERO_ONE = [{ value: '0', label: '否' }, { value: '1', label: '是' }];
const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

const DB_TYPES = ['string', 'int', 'double', 'BigDecimal', 'Date', 'Datetime', 'Text', 'Blob'] as const;
const SHOW_TYPES = [
  'text', 'password', 'textarea', 'number', 'date', 'datetime', 'time', 'list', 'radio', 'checkbox', 'list_multi', 'sel_search',
  'switch', 'image', 'file', 'umeditor', 'markdown', 'popup', 'sel_user', 'sel_depart', 'cat_tree', 'sel_tree', 'link_down', 'pca',
] as const;

export const cgformHeadFields = resource({
  tableName: { label: '表名', kind: 'code', required: true, max: 50 },
  tableTxt: { label: '表描述', kind: 'name', required: true, max: 200 },
  tableType: { label: '表类型', kind: 'int', min: 0, max: 3, messages: { invalid: '表类型只能是1（单表）、2（主表）或3（附表）' } },
  isCheckbox: { label: '是否带checkbox', kind: 'choice', options: YES_NO, max: 5 },
  isPage: { label: '是否分页', kind: 'choice', options: YES_NO, max: 5 },
  isTree: { label: '是否树', kind: 'choice', options: YES_NO, max: 5 },
  queryMode: { label: '查询模式', kind: 'choice', options: [{ value: 'single', label: '单条件查询' }, { value: 'group', label: '组合查询' }], max: 10 },
  idType: { label: '主键策略', kind: 'choice', options: opts(['UUID', 'NATIVE', 'SEQUENCE']), max: 100 },
  idSequence: { label: '主键序列', kind: 'text', max: 200 },
  relationType: { label: '映射关系', kind: 'int', min: 0, max: 1 },
  subTableStr: { label: '子表', kind: 'text', max: 1000 },
  tabOrderNum: { label: '附表排序', kind: 'int', min: 0, max: 10000 },
  treeParentIdField: { label: '树父ID字段', kind: 'code', max: 50 },
  treeIdField: { label: '树主键字段', kind: 'code', max: 50 },
  treeFieldname: { label: '树显示字段', kind: 'code', max: 50 },
  formCategory: { label: '表单分类', kind: 'code', max: 50 },
  formTemplate: { label: 'PC表单模板', kind: 'code', max: 50 },
  formTemplateMobile: { label: '移动表单模板', kind: 'code', max: 50 },
  scroll: { label: '横向滚动条', kind: 'flag' },
  themeTemplate: { label: '主题模板', kind: 'code', max: 50 },
  createTime: { label: '创建时间', kind: 'datetime' },
  isDbSynch: { label: '同步数据库状态', kind: 'choice', options: [{ value: 'Y', label: '已同步' }, { value: 'N', label: '未同步' }] },
});

export const CGFORM_HEAD_KEYS = [
  'tableName', 'tableTxt', 'tableType', 'isCheckbox', 'isPage', 'isTree', 'queryMode', 'idType', 'idSequence', 'relationType', 'subTableStr',
  'tabOrderNum', 'treeParentIdField', 'treeIdField', 'treeFieldname', 'formCategory', 'formTemplate', 'formTemplateMobile', 'scroll', 'themeTemplate',
] as const;

export const cgformFieldFields = resource({
  dbFieldName: { label: '字段名称', kind: 'code', required: true, max: 32, messages: { required: '请输入字段名称' } },
  dbFieldTxt: { label: '字段备注', kind: 'name', max: 200 },
  dbFieldNameOld: { label: '原字段名', kind: 'code', max: 32 },
  dbIsKey: { label: '主键', kind: 'flag' },
  dbIsNull: { label: '允许空值', kind: 'flag' },
  dbType: { label: '字段类型', kind: 'choice', options: opts(DB_TYPES), max: 32, messages: { invalid: `字段类型只能是 ${DB_TYPES.join('、')}` } },
  dbLength: { label: '字段长度', kind: 'int', min: 0, max: 4000 },
  dbPointLength: { label: '小数点', kind: 'int', min: 0, max: 10 },
  dbDefaultVal: { label: '默认值', kind: 'text', max: 20 },
  dictField: { label: '字典Code', kind: 'code', max: 100, pattern: { re: /^[A-Za-z0-9_]+$/, message: '字典Code只能包含字母、数字和下划线' } },
  dictTable: { label: '字典表', kind: 'text', max: 255 },
  dictText: { label: '字典Text', kind: 'text', max: 100 },
  fieldShowType: { label: '控件类型', kind: 'choice', options: opts(SHOW_TYPES), max: 10, messages: { invalid: '控件类型不存在' } },
  fieldHref: { label: '跳转地址', kind: 'text', max: 200, pattern: { re: /^(?:https?:\/\/|\/)[^\s"'<>]*$/, message: '跳转地址只能是本站路径（/开头）或 http(s) 地址' } },
  fieldLength: { label: '控件长度', kind: 'int', min: 0, max: 2000 },
  fieldValidType: { label: '校验规则', kind: 'text', max: 300 },
  fieldMustInput: { label: '是否必填', kind: 'choice', options: ZERO_ONE, max: 2 },
  fieldExtendJson: { label: '扩展参数', kind: 'text', max: 500 },
  fieldDefaultValue: { label: '控件默认值', kind: 'text', max: 100 },
  isQuery: { label: '是否查询', kind: 'flag' },
  isShowForm: { label: '表单显示', kind: 'flag' },
  isShowList: { label: '列表显示', kind: 'flag' },
  isReadOnly: { label: '是否只读', kind: 'flag' },
  queryMode: { label: '查询模式', kind: 'choice', options: [{ value: 'single', label: '精确查询' }, { value: 'group', label: '范围查询' }, { value: 'like', label: '模糊查询' }], max: 10 },
  mainTable: { label: '外键主表', kind: 'code', max: 100 },
  mainField: { label: '外键字段', kind: 'code', max: 100 },
  orderNum: { label: '排序', kind: 'int', min: 0, max: 10000 },
  converter: { label: '值转换器', kind: 'text', max: 255 },
  queryDefVal: { label: '查询默认值', kind: 'text', max: 50 },
  queryDictText: { label: '查询字典Text', kind: 'text', max: 100 },
  queryDictField: { label: '查询字典Code', kind: 'code', max: 100 },
  queryDictTable: { label: '查询字典表', kind: 'text', max: 500 },
  queryShowType: { label: '查询控件', kind: 'text', max: 50 },
  queryConfigFlag: { label: '启用查询配置', kind: 'choice', options: ZERO_ONE, max: 3 },
  queryValidType: { label: '查询校验', kind: 'text', max: 50 },
  queryMustInput: { label: '查询必填', kind: 'choice', options: ZERO_ONE, max: 3 },
  sortFlag: { label: '是否排序', kind: 'choice', options: ZERO_ONE, max: 3 },
});

export const CGFORM_FIELD_KEYS = Object.keys(cgformFieldFields.fields) as (keyof typeof cgformFieldFields.fields)[];

export const cgformIndexFields = resource({
  indexName: { label: '索引名称', kind: 'code', required: true, max: 100 },
  indexField: { label: '索引栏位', kind: 'text', required: true, max: 500 },
  indexType: { label: '索引类型', kind: 'choice', options: [{ value: 'normal', label: '普通索引' }, { value: 'unique', label: '唯一索引' }], max: 32 },
});

export const CGFORM_INDEX_KEYS = ['indexName', 'indexField', 'indexType'] as const;

export const cgformButtonFields = resource({
  buttonCode: { label: '按钮编码', kind: 'code', required: true, max: 50, pattern: { re: /^[A-Za-z][A-Za-z0-9_]*$/, message: '按钮编码只能包含字母、数字和下划线，以字母开头' } },
  buttonName: { label: '按钮名称', kind: 'name', required: true, max: 50 },
  buttonIcon: { label: '按钮图标', kind: 'code', max: 20 },
  buttonStatus: { label: '按钮状态', kind: 'choice', options: [{ value: '1', label: '激活' }, { value: '0', label: '未激活' }], max: 2 },
  buttonStyle: { label: '按钮样式', kind: 'choice', options: [{ value: 'button', label: 'button' }, { value: 'link', label: 'link' }, { value: 'form', label: 'form' }], max: 20 },
  exp: { label: '表达式', kind: 'text', max: 255 },
  cgformHeadId: { label: '表单', kind: 'code', required: true, max: 32, messages: { required: '请选择表单' } },
  optType: { label: '按钮类型', kind: 'choice', options: [{ value: 'js', label: 'js' }, { value: 'action', label: 'action' }], max: 20 },
  orderNum: { label: '排序', kind: 'int', min: 0, max: 10000 },
  optPosition: { label: '按钮位置', kind: 'choice', options: [{ value: '1', label: '侧面' }, { value: '2', label: '底部' }], max: 3 },
});

export const CGFORM_BUTTON_KEYS = ['buttonCode', 'buttonName', 'buttonIcon', 'buttonStatus', 'buttonStyle', 'exp', 'cgformHeadId', 'optType', 'orderNum', 'optPosition'] as const;

// Admin-only screen: its buttons need no permission code (the routes are for 管理员/开发者 alone).
const formActions = crudActions({});
/** JeecgBoot's numbering (the anchor's 2.2 front end reads it so); older definitions may hold 0 for 单表. */
const TABLE_TYPES = [{ value: '1', label: '单表' }, { value: '2', label: '主表' }, { value: '3', label: '附表' }];

export const cgformsList: ListSpec = {
  route: FORMS_ROUTE,
  title: '在线表单开发',
  // delete and deleteBatch are the screen's own (their confirmations name the rows of the tables).
  api: { list: cgformHeadApi.list, add: cgformDesignApi.addAll, edit: cgformDesignApi.editAll },
  columns: [
    cgformHeadFields.column('tableName', { sortable: true, width: 180 }),
    cgformHeadFields.column('tableTxt', { sortable: true }),
    cgformHeadFields.column('tableType', { width: 90 }),
    cgformHeadFields.column('isDbSynch', { width: 110 }),
    cgformHeadFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [cgformHeadFields.filter('tableName', 'text', { placeholder: '请输入表名' }), cgformHeadFields.filter('tableTxt', 'text', { placeholder: '请输入表描述' })],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { add: formActions.add },
  // 编辑, 同步数据库, 自定义按钮, 复制表单, 移除 and 删除 are the screen's own (pages/online/forms.tsx): 删除 and 移除 name
  // the rows of the form's table, which only the server can count. The selection's actions ask the same way.
  rowActions: [],
  bulkActions: [
    { key: 'remove-selected', label: '移除选中（保留数据表）' },
    { key: 'delete-selected', label: '删除选中（并删除数据表）', danger: true },
  ],
  exportName: '在线表单',
};

/** The table types as the list and the designer show them. */
export const CGFORM_TABLE_TYPES = TABLE_TYPES;

/** The designer's head fields (在线表单开发 → 新增/编辑); its fields and indexes are the row grids below. */
export const cgformHeadForm: FormSpec = {
  width: 1200,
  fields: [
    cgformHeadFields.formField('tableName', { placeholder: '例如 cg_signup', help: '以 cg_ 开头，小写字母、数字和单个下划线；同步数据库后不能再改' }),
    cgformHeadFields.formField('tableTxt'),
    cgformHeadFields.formField('tableType', { type: 'select', options: TABLE_TYPES }),
    cgformHeadFields.formField('isPage'),
    cgformHeadFields.formField('isCheckbox'),
    cgformHeadFields.formField('queryMode'),
    cgformHeadFields.formField('isTree', { help: '是树时填写下面三个树字段' }),
    cgformHeadFields.formField('treeIdField', { placeholder: '例如 id' }),
    cgformHeadFields.formField('treeParentIdField', { placeholder: '例如 pid' }),
    cgformHeadFields.formField('treeFieldname', { placeholder: '例如 name' }),
    cgformHeadFields.formField('relationType', { type: 'select', options: [{ value: '0', label: '一对多' }, { value: '1', label: '一对一' }], help: '附表：与主表的映射关系；外键在字段的“外键主表/外键字段”中填写' }),
    cgformHeadFields.formField('tabOrderNum', { help: '附表：在主表中的排序' }),
    cgformHeadFields.formField('subTableStr', { placeholder: '例如 cg_signup_item', help: '主表：附表的表名，多个用逗号分隔' }),
  ],
};

const YES = { placeholder: '是' };
/** The 数据库属性 grid: one row per field (添加/删除 a field here). The system columns are the API's, not in the grids. */
export const cgformFieldColumns: FieldSpec[] = [
  cgformFieldFields.formField('dbFieldName', { placeholder: '小写字母开头' }),
  cgformFieldFields.formField('dbFieldTxt', { placeholder: '字段备注' }),
  cgformFieldFields.formField('dbLength', { placeholder: '长度' }),
  cgformFieldFields.formField('dbPointLength', { placeholder: '0' }),
  cgformFieldFields.formField('dbDefaultVal', { placeholder: '默认值' }),
  cgformFieldFields.formField('dbType'),
  cgformFieldFields.formField('dbIsKey', YES),
  cgformFieldFields.formField('dbIsNull', YES),
  cgformFieldFields.formField('orderNum', { placeholder: '序号' }),
];

/** The 页面属性 grid: the same rows, named by their field (rows are added and removed in the grid above). */
export const cgformPageColumns: FieldSpec[] = [
  cgformFieldFields.formField('isShowForm', YES),
  cgformFieldFields.formField('isShowList', YES),
  cgformFieldFields.formField('sortFlag', { type: 'switch', options: undefined, ...YES }),
  cgformFieldFields.formField('isQuery', YES),
  cgformFieldFields.formField('queryMode'),
  cgformFieldFields.formField('fieldShowType'),
  cgformFieldFields.formField('dictField', { type: 'select', optionsFrom: { api: dictApi.list, value: 'dictCode', label: 'dictName' } }),
  cgformFieldFields.formField('dictTable', { placeholder: '表名（暂不支持）' }),
  cgformFieldFields.formField('dictText', { placeholder: '文本字段' }),
  cgformFieldFields.formField('fieldValidType', { placeholder: 'only、m、e 或正则' }),
  cgformFieldFields.formField('fieldMustInput', { type: 'switch', options: undefined, ...YES }),
  cgformFieldFields.formField('mainTable', { placeholder: '附表：主表名' }),
  cgformFieldFields.formField('mainField', { placeholder: '主表字段' }),
];

/** The 索引 grid. */
export const cgformIndexColumns: FieldSpec[] = [
  cgformIndexFields.formField('indexName', { placeholder: '例如 idx_name' }),
  cgformIndexFields.formField('indexField', { placeholder: '字段名，多个用逗号分隔' }),
  cgformIndexFields.formField('indexType'),
];

/** Flags the grids show as switches but the API reads as '1'/'0' text. */
export const CGFORM_TEXT_FLAGS = ['sortFlag', 'fieldMustInput'] as const;

/** The named 校验规则 the designer offers, besides `only` (unique) and a regular expression. */
export const CGFORM_VALID_TYPES_HELP = '校验规则：only 唯一；n 数字、z 整数、s 字母、e 邮箱、m 手机号码、p 邮政编码、url 网址、money 金额、n6-16、*6-16、s6-18；或一个正则表达式';

/** A form's 自定义按钮 (stored for the anchor's designer; Xuetang runs no custom code): the form's fields and its sub-list. */
export const cgformButtonForm: FormSpec = {
  width: 640,
  fields: [
    cgformButtonFields.formField('buttonCode', { placeholder: '例如 approve' }),
    cgformButtonFields.formField('buttonName'),
    cgformButtonFields.formField('buttonIcon', { placeholder: '图标名，例如 check' }),
    cgformButtonFields.formField('buttonStyle'),
    cgformButtonFields.formField('optType'),
    cgformButtonFields.formField('optPosition'),
    cgformButtonFields.formField('exp', { placeholder: '显示条件，例如 status#eq#1' }),
    cgformButtonFields.formField('buttonStatus'),
    cgformButtonFields.formField('orderNum'),
  ],
};

export const cgformButtons: SubListSpec = {
  key: 'cgform-buttons',
  title: '自定义按钮',
  route: `${FORMS_ROUTE}/buttons`,
  // The buttons of one form (its id), read whole by the dialog; `back` is where 关闭 leads.
  scope: { id: null, back: null },
  columns: [
    cgformButtonFields.column('buttonCode', { sortable: true }),
    cgformButtonFields.column('buttonName', { sortable: true }),
    cgformButtonFields.column('buttonStyle', { width: 90 }),
    cgformButtonFields.column('optType', { width: 90 }),
    cgformButtonFields.column('buttonStatus', { width: 90 }),
    cgformButtonFields.column('orderNum', { sortable: true, width: 70 }),
  ],
  filters: [cgformButtonFields.filter('buttonName', 'text', { placeholder: '按按钮名称查询' })],
  defaultSort: { column: 'orderNum', order: 'asc' },
  rowActions: [{ key: 'delete', label: '删除', post: true, confirm: '确定删除按钮 {buttonName} 吗?', danger: true }],
  bulkActions: [{ key: 'delete', label: '删除选中按钮', confirm: '是否删除选中的按钮?', danger: true }],
  empty: '暂无自定义按钮',
  checkLabel: '选择 {buttonName}',
};

// ---- a definition as a resource declaration -------------------------------------------------------------------

/** The columns every generated table has (domain/cgform-names.ts SYSTEM_COLUMNS), as rules; the server sets them. */
const SYSTEM_RULES: Record<string, FieldRule> = {
  id: { label: '主键', kind: 'code', max: 32 },
  create_by: { label: '创建人', kind: 'text', max: 50 },
  create_time: { label: '创建日期', kind: 'datetime' },
  update_by: { label: '更新人', kind: 'text', max: 50 },
  update_time: { label: '更新日期', kind: 'datetime' },
  sys_org_code: { label: '所属部门', kind: 'text', max: 64 },
};

/** The system columns: the designer leaves them out of its grids (the API adds them) and names them read-only. */
export const CGFORM_SYSTEM_COLUMNS = Object.entries(SYSTEM_RULES).map(([name, r]) => ({ name, label: r.label }));

/** JeecgBoot's named 校验规则 (field_valid_type). `only` (unique) is checked against the table, not here. */
const NAMED_PATTERNS: Record<string, { re: RegExp; what: string }> = {
  n: { re: /^-?\d+(?:\.\d+)?$/, what: '数字' },
  z: { re: /^-?\d+$/, what: '整数' },
  s: { re: /^[A-Za-z]+$/, what: '字母' },
  e: { re: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, what: '邮箱' },
  m: { re: /^1[3-9]\d{9}$/, what: '手机号码' },
  p: { re: /^\d{6}$/, what: '邮政编码' },
  url: { re: /^https?:\/\/\S+$/, what: '网址' },
  money: { re: /^-?\d+(?:\.\d{1,2})?$/, what: '金额' },
  'n6-16': { re: /^\d{6,16}$/, what: '6到16位数字' },
  '*6-16': { re: /^[\s\S]{6,16}$/, what: '6到16位任意字符' },
  's6-18': { re: /^[A-Za-z]{6,18}$/, what: '6到18位字母' },
};

/** A 校验规则 as a pattern: a named one, or the designer's regular expression; null when none (or `only`, `*`). */
function validPattern(validType: string | null | undefined, label: string): FieldRule['pattern'] | null {
  const v = (validType ?? '').trim();
  if (!v || v === 'only' || v === '*') return null;
  const named = NAMED_PATTERNS[v];
  if (named) return { re: named.re, message: `${label}必须是${named.what}` };
  try {
    return { re: new RegExp(v, 'u'), message: `${label}格式不正确` };
  } catch {
    return null;
  }
}

/** Whether a 校验规则 is one the form can apply (named, empty, or a regular expression that compiles). */
export const isKnownValidType = (validType: string | null | undefined) => {
  const v = (validType ?? '').trim();
  if (!v || v === 'only' || v === '*' || NAMED_PATTERNS[v]) return true;
  try {
    new RegExp(v, 'u');
    return true;
  } catch {
    return false;
  }
};

type FieldRow = Pick<
  CgformFieldRecord,
  'dbFieldName' | 'dbFieldTxt' | 'dbType' | 'dbLength' | 'dbPointLength' | 'dbIsNull' | 'dictField' | 'dictTable' | 'fieldShowType' | 'fieldValidType' | 'fieldMustInput' | 'fieldExtendJson'
> &
  Partial<Pick<CgformFieldRecord, 'isQuery' | 'isShowForm' | 'isShowList' | 'isReadOnly' | 'queryMode' | 'orderNum' | 'sortFlag' | 'fieldDefaultValue' | 'dictText'>>;
type Fields = Resource<Record<string, FieldRule>>;

const INT_MAX = 2147483647;
/** The largest value of a decimal(length, point) column: 99.99 for (4, 2). */
const decimalMax = (length: number, point: number) => Number(`${'9'.repeat(Math.max(1, length - point))}${point ? `.${'9'.repeat(point)}` : ''}`);

/** The switch's two values: field_extend_json `{"switchOptions": ["Y", "N"]}` as JeecgBoot, else Y/N (1/0 on a number column). */
function switchValues(f: FieldRow): [string, string] {
  try {
    const ext = JSON.parse(f.fieldExtendJson || '{}') as { switchOptions?: unknown };
    const o = ext.switchOptions;
    if (Array.isArray(o) && o.length === 2 && o.every((x) => typeof x === 'string' || typeof x === 'number')) return [String(o[0]), String(o[1])];
  } catch {
    // Not JSON: the default values.
  }
  return f.dbType === 'int' ? ['1', '0'] : ['Y', 'N'];
}

/** The rule of one field row: its kind from the database type and control, required, limits, pattern, dictionary. */
export function fieldRule(f: FieldRow): FieldRule {
  const label = f.dbFieldTxt || f.dbFieldName;
  const base = { label, column: f.dbFieldName, ...(f.fieldMustInput === '1' || f.dbIsNull === 0 ? { required: true } : {}) };
  const show = f.fieldShowType ?? 'text';
  const dict = f.dictField && !f.dictTable ? { dict: f.dictField } : {};
  if (show === 'switch') {
    const [on, off] = switchValues(f);
    return { ...base, kind: 'choice', options: [{ value: on, label: '是' }, { value: off, label: '否' }], max: f.dbLength || 64 };
  }
  if (show === 'list' || show === 'radio' || show === 'sel_search') return { ...base, kind: 'choice', ...dict, max: f.dbLength || 64 };
  if (show === 'checkbox' || show === 'list_multi') return { ...base, kind: 'choices', ...dict, max: f.dbLength || 64 };
  if (f.dbType === 'int') return { ...base, kind: 'int', min: -INT_MAX - 1, max: INT_MAX };
  if (f.dbType === 'double' || f.dbType === 'BigDecimal') {
    const point = f.dbPointLength ?? 0;
    const max = decimalMax(f.dbLength || 10, point);
    return { ...base, kind: 'int', decimals: point, min: -max, max, messages: { range: `${label}超出范围（最大${max}）` } };
  }
  if (f.dbType === 'Date') return { ...base, kind: 'date' };
  if (f.dbType === 'Datetime') return { ...base, kind: 'datetime' };
  const pattern = validPattern(f.fieldValidType, label);
  const text = (f.dbType === 'Text' || f.dbType === 'Blob' ? undefined : f.dbLength) ?? undefined;
  const kind = show === 'image' || show === 'file' ? 'upload' : show === 'umeditor' || show === 'markdown' ? 'richtext' : show === 'password' ? 'password' : 'text';
  return { ...base, kind, max: text ?? 65535, ...(pattern ? { pattern } : {}) };
}

const isSystem = (name: string) => name in SYSTEM_RULES;
const byOrder = <T extends { orderNum?: number | null }>(rows: readonly T[]) => [...rows].sort((a, b) => (a.orderNum ?? 0) - (b.orderNum ?? 0));

/** Upload folders of generated forms' image and file controls (domain/uploads.ts UPLOAD_FOLDERS holds the same names). */
const CGFORM_UPLOAD_FOLDERS = { image: 'cgform', file: 'cgform-file' } as const;

/**
 * The codes of a generated screen's standard buttons, as the anchor's front end names them in getColumns'
 * `hideColumns`, by the list action they stand for; the menu's button whose perms code ends in `:<suffix>` guards it.
 */
export const CGFORM_BUTTONS = [
  { action: 'add', hide: 'add', suffix: 'add' },
  { action: 'edit', hide: 'update', suffix: 'edit' },
  { action: 'delete', hide: 'delete', suffix: 'delete' },
  { action: 'batchDelete', hide: 'batch_delete', suffix: 'batch_delete' },
  { action: 'export', hide: 'export', suffix: 'export' },
  { action: 'import', hide: 'import', suffix: 'import' },
] as const;
export type CgformButtonCode = (typeof CGFORM_BUTTONS)[number]['hide'];

/** The form's control of one field: the declaration's, with what the designer's control type says beyond the kind. */
function formFieldOf(fields: Fields, f: FieldRow): FieldSpec {
  const show = f.fieldShowType ?? 'text';
  const rule = fields.rule(f.dbFieldName);
  const extra: Partial<FieldSpec> = {
    ...(f.fieldDefaultValue ? { defaultValue: f.fieldDefaultValue } : {}),
    ...(f.isReadOnly === 1 ? { detailOnly: true } : {}),
  };
  if (show === 'textarea' && rule.kind === 'text') extra.type = 'textarea';
  // A switch's two values are the designer's (Y/N, 1/0 …), which a checkbox posting 1 cannot carry: 是 / 否.
  if (show === 'radio' || show === 'switch') extra.type = 'radio';
  // Datetimes travel as `YYYY-MM-DD HH:mm:ss` (a date input would drop the time).
  if (rule.kind === 'datetime') Object.assign(extra, { type: 'text', placeholder: '格式：2024-09-01 08:30:00' });
  if (rule.kind === 'upload') {
    const image = show === 'image';
    extra.upload = { biz: image ? CGFORM_UPLOAD_FOLDERS.image : CGFORM_UPLOAD_FOLDERS.file, ...(image ? { accept: 'image/*' } : {}) };
  }
  return fields.formField(f.dbFieldName, extra);
}

/** How the list shows a field beyond its text: a switch by its label (是/否, not Y), an image as itself, a file as a link. */
function columnShow(fields: Fields, f: FieldRow): Partial<ColumnSpec> {
  const show = f.fieldShowType ?? 'text';
  if (show === 'switch') return { options: fields.rule(f.dbFieldName).options };
  if (show === 'image') return { render: 'image', stored: true };
  if (show === 'file') return { render: 'link', linkText: '下载', stored: true };
  return {};
}

/** The list's filter of a 查询 field: dictionary select, a range (dates; numbers from–to), exact numbers, text contains. */
function filtersOf(fields: Fields, f: FieldRow): FilterSpec[] {
  const rule = fields.rule(f.dbFieldName);
  const number = rule.kind === 'int';
  if (rule.dict) return [fields.filter(f.dbFieldName, 'dict')];
  if (f.queryMode === 'group' && (rule.kind === 'date' || rule.kind === 'datetime')) return [fields.filter(f.dbFieldName, 'dateRange')];
  if (f.queryMode === 'group' && number) {
    return [
      { key: `${f.dbFieldName}_begin`, label: `${rule.label}从`, type: 'exact' },
      { key: `${f.dbFieldName}_end`, label: `${rule.label}到`, type: 'exact' },
    ];
  }
  return [fields.filter(f.dbFieldName, number || rule.options || rule.kind === 'date' || rule.kind === 'datetime' ? 'exact' : 'text')];
}

/** An endpoint of the form data contract for this form's code; the record's `:id` / `:ids` the list screen fills in. */
const forCode = (ref: ApiRef, code: string): ApiRef => ({ methods: ref.methods, path: ref.path.replace(':code', encodeURIComponent(code)) });

/**
 * A form definition as a resource: its declaration (every column of its table, the system columns included), the
 * keys a user fills in (its form fields: not the system columns, not read-only ones), the keys its list filters
 * and sorts by, the fields whose values must be unique (校验规则 `only`), its list (columns shown, sortable, with
 * dictionary texts; sorted by creation, newest first; 新增, 编辑, 详情, 删除, 批量删除, 导出, 导入) and its form.
 * `code` is what the screen was opened by (the menu entry's path names the form's id or its table name).
 */
export function onlineForm(head: Pick<CgformHeadRecord, 'id' | 'tableName' | 'tableTxt'> & Partial<Pick<CgformHeadRecord, 'isCheckbox'>>, rows: readonly FieldRow[], code: string = head.id) {
  const ordered = byOrder(rows);
  const user = ordered.filter((f) => !isSystem(f.dbFieldName));
  const label = (name: string) => ordered.find((f) => f.dbFieldName === name)?.dbFieldTxt || SYSTEM_RULES[name].label;
  const rules: Record<string, FieldRule> = {
    ...Object.fromEntries(Object.entries(SYSTEM_RULES).map(([k, r]) => [k, { ...r, column: k, label: label(k) }])),
    ...Object.fromEntries(user.map((f) => [f.dbFieldName, fieldRule(f)])),
  };
  const fields = resource(rules);
  const formKeys = user.filter((f) => f.isShowForm !== 0 && f.isReadOnly !== 1).map((f) => f.dbFieldName);
  const listed = ordered.filter((f) => f.isShowList === 1 && f.dbFieldName !== 'id');
  const columns: ColumnSpec[] = listed.map((f) => fields.column(f.dbFieldName, { ...(f.sortFlag === '1' || f.dbFieldName === 'create_time' ? { sortable: true } : {}), ...columnShow(fields, f) }));
  if (!columns.some((c) => c.key === 'create_time')) columns.push(fields.column('create_time', { sortable: true, list: false, export: false }));
  // Every reader of the screen may use them unless the menu declares a button for one (withoutHidden, CGFORM_BUTTONS).
  const crud = crudActions({}, { deleteInline: true });
  const list: ListSpec = {
    route: `/online/cgformList/${encodeURIComponent(code)}`,
    title: head.tableTxt,
    api: {
      list: forCode(cgformDataApi.data, code),
      add: forCode(cgformDataApi.add, code),
      edit: forCode(cgformDataApi.edit, code),
      queryById: forCode(cgformDataApi.one, code),
      // One delete route for one id and for several (`:ids`, a comma list).
      deleteBatch: forCode(cgformDataApi.delete, code),
      exportXls: forCode(cgformDataApi.exportXls, code),
      importExcel: forCode(cgformDataApi.importXls, code),
    },
    columns,
    filters: ordered.filter((f) => f.isQuery === 1 && !isSystem(f.dbFieldName)).flatMap((f) => filtersOf(fields, f)),
    defaultSort: { column: 'create_time', order: 'desc' },
    toolbar: crud.toolbar,
    rowActions: [crud.edit, { key: 'detail', label: '详情' }, crud.delete],
    bulkActions: head.isCheckbox === 'N' ? [] : [crud.batchDelete],
    exportName: head.tableTxt,
  };
  const form: FormSpec = { width: 800, fields: user.filter((f) => f.isShowForm !== 0).map((f) => formFieldOf(fields, f)) };
  return {
    fields,
    formKeys,
    /** Every column: the list filters on any of them (the query syntax of api/list-query.ts) and sorts by the sortable ones. */
    allKeys: Object.keys(rules),
    uniqueKeys: user.filter((f) => (f.fieldValidType ?? '').trim() === 'only').map((f) => f.dbFieldName),
    /** Titles of the import sheet (the export's header row) → field. */
    importTitles: Object.fromEntries(formKeys.map((k) => [fields.rule(k).label, k])),
    list,
    form,
  };
}

export type OnlineForm = ReturnType<typeof onlineForm>;

/** The list without the buttons `hidden` names (getColumns' hideColumns: the menu declares them and the user lacks them). */
export function withoutHidden(list: ListSpec, hidden: readonly string[]): ListSpec {
  const gone = (action: (typeof CGFORM_BUTTONS)[number]['action']) => hidden.includes(CGFORM_BUTTONS.find((b) => b.action === action)!.hide);
  return {
    ...list,
    toolbar: { ...(gone('add') ? {} : { add: list.toolbar.add }), ...(gone('export') ? {} : { export: list.toolbar.export }), ...(gone('import') ? {} : { import: list.toolbar.import }) },
    rowActions: list.rowActions.filter((a) => !(a.key === 'edit' && gone('edit')) && !(a.key === 'delete' && gone('delete'))),
    bulkActions: gone('batchDelete') ? [] : list.bulkActions,
  };
}
