// 在线报表 (/online/cgreport): the report definitions (head, its columns and parameters) an administrator designs,
// and the data endpoints a report's screen (/online/cgreport/{code}) reads. Shapes are JeecgBoot's
// (OnlCgreportHead/Item/Param camelCased; add and editAll take {head, items, params}).
import type { Page } from './shapes.js';
import { DELETE, GET, POST, PUT } from './endpoint.js';

export interface ReportHeadRecord {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  returnValField: string | null;
  returnTxtField: string | null;
  returnType: string | null;
  /** A data source's code; null: Xuetang's own database. */
  dbSource: string | null;
  content: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface ReportItemRecord {
  id?: string;
  cgrheadId?: string;
  fieldName: string;
  fieldTxt: string | null;
  fieldWidth: number | null;
  /** String, Integer, Long, Double, BigDecimal, Date, Datetime. */
  fieldType: string | null;
  /** single (one value; `*` for contains) or group (a `_begin`/`_end` range). */
  searchMode: string | null;
  isOrder: number | null;
  isSearch: number | null;
  dictCode: string | null;
  fieldHref: string | null;
  isShow: number | null;
  orderNum: number | null;
  replaceVal: string | null;
}

export interface ReportParamRecord {
  id?: string;
  cgrheadId?: string;
  paramName: string;
  paramTxt: string | null;
  paramValue: string | null;
  orderNum: number | null;
}

export interface ReportModel {
  head: Partial<ReportHeadRecord>;
  items?: Partial<ReportItemRecord>[];
  params?: Partial<ReportParamRecord>[];
}

export interface DictOptionRecord {
  value: string;
  text: string;
  title: string;
}

/** Report rows: keyed by the SELECT's column names, with `<field>_dictText` for dictionary columns. */
export type ReportRow = Record<string, unknown>;

export interface ReportQueryField {
  field: string;
  label: string;
  /** text, number, date, list (a dictionary). */
  view: string;
  /** single or group. */
  mode: string;
  dictCode: string | null;
  order: number | null;
}

export interface AntColumn {
  title: string;
  dataIndex: string;
  align: 'center';
  width?: number;
  sorter?: boolean;
  /** A dictionary column shows `<dataIndex>_dictText`; a linked one renders its fieldHref. */
  customRender?: string;
  scopedSlots?: { customRender: string };
}

const ONE = ':code';

export const reportHeadApi = {
  list: GET<Page<ReportHeadRecord>>('/online/cgreport/head/list'),
  add: POST<{ errors?: Record<string, string> } | null, ReportModel>('/online/cgreport/head/add'),
  editAll: PUT<{ errors?: Record<string, string> } | null, ReportModel>('/online/cgreport/head/editAll'),
  delete: DELETE<null, never, { id: string }>('/online/cgreport/head/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/online/cgreport/head/deleteBatch'),
  /** 解析SQL: the SELECT's columns and ${name} parameters, from running it once (parameters null) on its database. */
  parseSql: GET<{ fields: ReportItemRecord[]; params: ReportParamRecord[] }, { sql: string; dbKey?: string }>('/online/cgreport/head/parseSql'),
  items: GET<ReportItemRecord[], { headId: string }>('/online/cgreport/item/listByHeadId'),
  params: GET<ReportParamRecord[], { headId: string }>('/online/cgreport/param/listByHeadId'),
};

/** `{code}` is the report's code or its id (JeecgBoot's menus use the id). */
export const reportDataApi = {
  columnsAndData: GET<
    { data: Page<ReportRow>; columns: ReportItemRecord[]; dictOptions: Record<string, DictOptionRecord[]>; fieldHrefSlots: { slotName: string; href: string }[]; cgreportHeadName: string },
    Record<string, string | number>
  >(`/online/cgreport/api/getColumnsAndData/${ONE}`),
  data: GET<Page<ReportRow>, Record<string, string | number>>(`/online/cgreport/api/getData/${ONE}`),
  rpColumns: GET<{ columns: AntColumn[]; cgRpConfigId: string; cgRpConfigName: string; dictOptions: Record<string, DictOptionRecord[]>; fieldHrefSlots: { slotName: string; href: string }[] }>(
    `/online/cgreport/api/getRpColumns/${ONE}`,
  ),
  queryInfo: GET<ReportQueryField[]>(`/online/cgreport/api/getQueryInfo/${ONE}`),
  paramsInfo: GET<ReportParamRecord[]>(`/online/cgreport/api/getParamsInfo/${ONE}`),
  exportXls: GET<never, Record<string, string | number>>(`/online/cgreport/api/exportXls/${ONE}`),
};

/** The menu path of a report's screen, as its menu entry names it. */
export const REPORT_SCREEN = '/online/cgreport/:code';
