// 在线表单, the rest of JeecgBoot's online-form API: tree forms (getTreeData), main-with-sub forms (getErpColumns,
// getErpFormItem, subform), a form by its table name, the 三级联动 options (querySelectOptions), the designer's
// tableInfo and transTables (表单导入), and custom buttons (doButton). Shapes are JeecgBoot's.
import { GET, POST } from './endpoint.js';
import type { CgformColumns, CgformFormItem, CgformHeadRecord, CgformRow } from './online-forms.js';
import type { Page } from './shapes.js';

const API = '/online/cgform/api';
const HEAD = '/online/cgform/head';

/** getErpColumns: the main list's model and each sub table's (its foreignKeys name the link). */
export interface CgformErpColumns {
  main: CgformColumns;
  subList: CgformColumns[];
}

/** One option of a 三级联动 (link_down) select. */
export interface LinkDownOption {
  /** The row's id column (the next level's pidValue). */
  id: string;
  /** The value stored. */
  store: string;
  label: string;
}

export interface CgformTableInfo {
  main: CgformHeadRecord;
  sub: CgformHeadRecord[];
  jspModeList: { code: string; note: string }[];
  projectPath: string;
}

/** `:code` is the form's id or table name, as on the other data routes. */
export const cgformTreeApi = {
  /** One level of a tree form: `<pidField>` the parent ('0' or absent: the top level, paged); with filters (or hasQuery=true) the rows of that level that match or lead to a match. */
  treeData: GET<Page<CgformRow>, Record<string, string | number>>(`${API}/getTreeData/:code`),
};

export const cgformErpApi = {
  columns: GET<CgformErpColumns>(`${API}/getErpColumns/:code`),
  /** The form of one table of a main-with-sub form, without the sub tables (the ERP screen edits each on its own). */
  formItem: GET<CgformFormItem>(`${API}/getErpFormItem/:code`),
  /** A one-to-one sub table's row of a main row (`:code` the sub table, `:mainId` the main row's id); `{}` when none. */
  subOne: GET<CgformRow>(`${API}/subform/:code/:mainId`),
  /** A sub table's rows of a main row. */
  subList: GET<CgformRow[]>(`${API}/subform/list/:code/:mainId`),
};

export const cgformTablesApi = {
  formItemByTable: GET<CgformFormItem>(`${API}/getFormItemBytbname/:code`),
  /** Options of a 三级联动 level: `condition` (only `column = 'value'`) for the first, `pidValue` for the next. */
  selectOptions: GET<LinkDownOption[], { table: string; txt: string; key: string; idField?: string; pidField?: string; condition?: string; pidValue?: string }>(`${API}/querySelectOptions`),
  tableInfo: GET<CgformTableInfo, { code: string }>(`${HEAD}/tableInfo`),
  /** 表单导入: definitions for existing generated tables no definition describes (comma list of table names). */
  transTables: POST<null>(`${HEAD}/transTables/:tbnames`),
  /** A custom button of type action on a row. */
  doButton: POST<null, { formId: string; buttonCode: string; dataId: string }>(`${API}/doButton`),
};
