// 在线表单开发 (/online/cgform): the form definitions an administrator designs (head, fields, indexes, buttons;
// 同步数据库), and the data endpoints a generated screen (/online/cgformList/{code}) reads and writes. Shapes are
// JeecgBoot's (OnlCgformHead/Field/Index/Button camelCased; addAll and editAll take {head, fields, indexs}); a
// generated table's records are keyed by its column names, as JeecgBoot's online API answers them.
import type { Page } from './shapes.js';
import { DELETE, GET, POST, PUT, PUT_OR_POST } from './endpoint.js';

export interface CgformHeadRecord {
  id: string;
  tableName: string;
  /** 1 单表 (0 in older definitions), 2 主表, 3 附表. */
  tableType: number;
  tableVersion: number | null;
  tableTxt: string;
  isCheckbox: string;
  /** Y: the table matches the definition; N: 同步数据库 is due. */
  isDbSynch: string;
  isPage: string;
  isTree: string;
  idSequence: string | null;
  idType: string | null;
  queryMode: string;
  relationType: number | null;
  subTableStr: string | null;
  tabOrderNum: number | null;
  treeParentIdField: string | null;
  treeIdField: string | null;
  treeFieldname: string | null;
  formCategory: string;
  formTemplate: string | null;
  formTemplateMobile: string | null;
  scroll: number | null;
  copyVersion: number | null;
  copyType: number | null;
  physicId: string | null;
  themeTemplate: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface CgformFieldRecord {
  id: string;
  cgformHeadId: string;
  dbFieldName: string;
  dbFieldTxt: string | null;
  dbFieldNameOld: string | null;
  dbIsKey: number | null;
  dbIsNull: number | null;
  /** string, int, double, BigDecimal, Date, Datetime, Text, Blob. */
  dbType: string;
  dbLength: number;
  dbPointLength: number | null;
  dbDefaultVal: string | null;
  /** A dictionary code (sys_dict). */
  dictField: string | null;
  dictTable: string | null;
  dictText: string | null;
  /** text, password, textarea, number, date, datetime, list, radio, checkbox, list_multi, switch, image, file, umeditor, markdown, popup, sel_user, sel_depart … */
  fieldShowType: string | null;
  fieldHref: string | null;
  fieldLength: number | null;
  /** only (unique), a named pattern (n, z, s, e, m, p, url, money, n6-16, *6-16, s6-18) or a regular expression. */
  fieldValidType: string | null;
  /** '1': required. */
  fieldMustInput: string | null;
  fieldExtendJson: string | null;
  fieldDefaultValue: string | null;
  isQuery: number | null;
  isShowForm: number | null;
  isShowList: number | null;
  isReadOnly: number | null;
  /** single (one value; `*` for contains) or group (a `_begin`/`_end` range). */
  queryMode: string | null;
  mainTable: string | null;
  mainField: string | null;
  orderNum: number | null;
  converter: string | null;
  queryDefVal: string | null;
  queryDictText: string | null;
  queryDictField: string | null;
  queryDictTable: string | null;
  queryShowType: string | null;
  queryConfigFlag: string | null;
  queryValidType: string | null;
  queryMustInput: string | null;
  /** '1': the list sorts by it. */
  sortFlag: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface CgformIndexRecord {
  id: string;
  cgformHeadId: string | null;
  indexName: string | null;
  /** A comma list of the form's field names. */
  indexField: string | null;
  /** normal or unique. */
  indexType: string | null;
  isDbSynch: string | null;
  delFlag: number | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface CgformButtonRecord {
  id: string;
  buttonCode: string | null;
  buttonIcon: string | null;
  buttonName: string | null;
  buttonStatus: string | null;
  buttonStyle: string | null;
  exp: string | null;
  cgformHeadId: string | null;
  optType: string | null;
  orderNum: number | null;
  optPosition: string | null;
}

/** addAll / editAll: the whole definition (JeecgBoot spells the indexes `indexs`). */
export interface CgformModel {
  head: Partial<CgformHeadRecord>;
  fields?: Partial<CgformFieldRecord>[];
  indexs?: Partial<CgformIndexRecord>[];
}

/** A row of a generated table, keyed by column name, with `<field>_dictText` for dictionary fields on lists. */
export type CgformRow = Record<string, unknown>;

export interface CgformColumn {
  title: string;
  dataIndex: string;
  align: 'center';
  sorter?: boolean;
  /** A dictionary field: the name of its entry in dictOptions. */
  customRender?: string;
  scopedSlots?: { customRender: string };
}

interface DictOptionRecord {
  value: string;
  text: string;
  title: string;
}

export interface CgformColumns {
  code: string;
  tableName: string;
  currentTableName: string;
  description: string;
  tableType: number;
  formTemplate: string | null;
  /** Y or N. */
  paginationFlag: string;
  checkboxFlag: string;
  scrollFlag: number;
  isTree: string;
  columns: CgformColumn[];
  dictOptions: Record<string, DictOptionRecord[]>;
  /** The standard buttons the caller may not use: add, update, delete, batch_delete, export, import (domain/cgform-button-grants.ts). */
  hideColumns: string[];
  fieldHrefSlots: { slotName: string; href: string }[];
  /** A sub table's link to its main: its column `field` holds the main row's `key` (getErpColumns' subList). */
  foreignKeys: { field: string; key: string }[];
  /** Tree forms: the parent column, the 是否有子节点 column ('1' / '0') and the column the tree opens on. */
  pidField?: string;
  hasChildrenField?: string;
  textField?: string;
  /** A sub table: 0 一对多, 1 一对一. */
  relationType?: number;
}

export interface CgformQueryField {
  field: string;
  label: string;
  /** The control: text, number, date, datetime, list, list_multi, radio, checkbox, switch … */
  view: string;
  /** single or group. */
  mode: string;
  dictCode: string | null;
  dictTable: string | null;
  dictText: string | null;
  defVal: string | null;
  order: number | null;
}

export interface CgformFormProperty {
  title: string;
  /** A table dictionary (dict_table, dict_text): its table and text column beside dictCode, its code column. */
  dictTable?: string;
  dictText?: string;
  /** Options of a choice field, as JeecgBoot's schema lists them. */
  enum?: { value: string; title: string }[];
  view: string;
  /** string, number or integer (JSON schema). */
  type: string;
  order: number | null;
  maxLength?: number;
  dictCode?: string;
  pattern?: string;
  defVal?: string;
  readonly?: boolean;
  /** A main form's sub table (view `tab`): its table name, title, 0 一对多 (columns of a row grid) or 1 一对一 (a form). */
  key?: string;
  describe?: string;
  relationType?: number;
  columns?: { title: string; key: string; type: string; dictCode?: string; validateRules?: { required?: boolean; pattern?: string; message: string }[] }[];
  properties?: Record<string, CgformFormProperty>;
  required?: string[];
}

export interface CgformFormItem {
  head: CgformHeadRecord;
  schema: { title: string; type: 'object'; required: string[]; properties: Record<string, CgformFormProperty> };
}

/**
 * A form's definition as its generated screen needs it: the head, the fields in order (the page turns them into
 * the declaration with resources/online-forms.ts onlineForm, as the API does) and the standard buttons the caller
 * may not use (the codes of getColumns' hideColumns).
 */
export interface CgformDefinition {
  head: CgformHeadRecord;
  fields: CgformFieldRecord[];
  hideColumns: string[];
}

const HEAD = '/online/cgform/head';
const API = '/online/cgform/api';
const ONE = ':code';

export const cgformHeadApi = {
  list: GET<Page<CgformHeadRecord>>(`${HEAD}/list`),
  queryById: GET<CgformHeadRecord, { id: string }>(`${HEAD}/queryById`),
  /** The head alone (its fields: the system columns); the designer uses addAll. */
  add: POST<{ id: string }, Partial<CgformHeadRecord>>(`${HEAD}/add`),
  edit: PUT_OR_POST<null, Partial<CgformHeadRecord>>(`${HEAD}/edit`),
  /** Removes the definition and drops its table; the answer names the rows that went with it. */
  delete: DELETE<null, never, { id: string }>(`${HEAD}/delete`),
  /** flag=1: delete (drop the tables); otherwise removeRecord (keep them). */
  deleteBatch: DELETE<null, never, { ids: string; flag?: string }>(`${HEAD}/deleteBatch`),
  /** Removes the definition and keeps its table. */
  removeRecord: DELETE<null, never, { id: string }>(`${HEAD}/removeRecord`),
  /** A copy of the definition under a new table name (`<table>_copy<n>`), not yet synced. */
  copyOnline: POST<{ id: string; tableName: string }, never, { code: string }>(`${HEAD}/copyOnline`),
  /** Generated-namespace tables in the database that no definition describes (a removed definition's tables). */
  queryTables: GET<Page<{ id: string; name: string }>, { tableName?: string; pageNo?: number; pageSize?: number }>(`${HEAD}/queryTables`),
  fields: GET<CgformFieldRecord[], { headId: string }>('/online/cgform/field/listByHeadId'),
  indexes: GET<CgformIndexRecord[], { headId: string }>('/online/cgform/index/listByHeadId'),
};

export const cgformButtonApi = {
  /** `{code}`: the form's id. */
  list: GET<Page<CgformButtonRecord>>(`/online/cgform/button/list/${ONE}`),
  add: POST<null, Partial<CgformButtonRecord>>('/online/cgform/button/add'),
  edit: PUT_OR_POST<null, Partial<CgformButtonRecord>>('/online/cgform/button/edit'),
  delete: DELETE<null, never, { id: string }>('/online/cgform/button/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/online/cgform/button/deleteBatch'),
};

export const cgformDesignApi = {
  addAll: POST<{ id: string }, CgformModel>(`${API}/addAll`),
  editAll: PUT<null, CgformModel>(`${API}/editAll`),
  /** 同步数据库: synMethod normal (create, add columns and indexes, never drop) or force (drop and recreate; `confirm=1` when the table holds rows). */
  doDbSynch: POST<null, never, { confirm?: string }>(`${API}/doDbSynch/${ONE}/:synMethod`),
  /** 1: the name is free; -1: a table or a definition has it. */
  checkOnlyTable: GET<1 | -1, { tbname: string; id?: string }>(`${API}/checkOnlyTable`),
  /** Xuetang's own: whether the form's table exists and how many rows it holds, for the confirmations of 强制同步 and 删除. */
  tableRows: GET<CgformTableRows>(`${API}/tableRows/${ONE}`),
};

export interface CgformTableRows {
  tableName: string;
  exists: boolean;
  rows: number;
}

/** `{code}` is the form's id (JeecgBoot's menus name it) or its table name. */
export const cgformDataApi = {
  /** Xuetang's own: the definition and hidden buttons for the generated screen (/online/cgformList/{code}). */
  definition: GET<CgformDefinition>(`${API}/definition/${ONE}`),
  columns: GET<CgformColumns>(`${API}/getColumns/${ONE}`),
  data: GET<Page<CgformRow>, Record<string, string | number>>(`${API}/getData/${ONE}`),
  queryInfo: GET<CgformQueryField[]>(`${API}/getQueryInfo/${ONE}`),
  formItem: GET<CgformFormItem>(`${API}/getFormItem/${ONE}`),
  add: POST<string, CgformRow>(`${API}/form/${ONE}`),
  edit: PUT<null, CgformRow>(`${API}/form/${ONE}`),
  one: GET<CgformRow>(`${API}/form/${ONE}/:id`),
  delete: DELETE<null>(`${API}/form/${ONE}/:ids`),
  exportXls: GET<never, Record<string, string | number>>(`${API}/exportXls/${ONE}`),
  importXls: POST<{ msg: string; errors: { row: number; message: string }[] }>(`${API}/importXls/${ONE}`),
};

/**
 * Java, SQL and JS enhancements and the code generator run code an administrator writes: Xuetang answers each
 * with NO_CUSTOM_CODE (api/online/cgform-enhance.ts).
 */
export const cgformCustomCodeApi = {
  codeGenerate: POST<null>(`${API}/codeGenerate`),
  downGenerateCode: GET<null>(`${API}/downGenerateCode`),
  rootFile: GET<null>(`${HEAD}/rootFile`),
  fileTree: GET<null>(`${HEAD}/fileTree`),
  getEnhanceJs: GET<null>(`${API}/getEnhanceJs/${ONE}`),
  enhanceJsRead: GET<null>(`${HEAD}/enhanceJs/${ONE}`),
  enhanceJsSave: PUT_OR_POST<null>(`${HEAD}/enhanceJs/${ONE}`),
  enhanceJavaRead: GET<null>(`${HEAD}/enhanceJava/${ONE}`),
  enhanceJavaSave: PUT_OR_POST<null>(`${HEAD}/enhanceJava/${ONE}`),
  enhanceJavaDelete: DELETE<null>(`${HEAD}/enhanceJava`),
  enhanceJavaDeleteBatch: DELETE<null>(`${HEAD}/deletebatchEnhanceJava`),
  enhanceSqlRead: GET<null>(`${HEAD}/enhanceSql/${ONE}`),
  enhanceSqlSave: PUT_OR_POST<null>(`${HEAD}/enhanceSql/${ONE}`),
  enhanceSqlDelete: DELETE<null>(`${HEAD}/enhanceSql`),
  enhanceSqlDeleteBatch: DELETE<null>(`${HEAD}/deletebatchEnhanceSql`),
};

/** The menu path of a generated list, as its menu entry names it; the tree and main-with-sub variants read the same data. */
export const CGFORM_SCREENS = ['/online/cgformList/:code', '/online/cgformTreeList/:code', '/online/cgformErpList/:code', '/online/cgformInnerTableList/:code'] as const;
