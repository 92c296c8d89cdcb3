// One declaration per list screen. The API derives its filter and sort allow-lists, dictionary decorations and
// export columns from it; the page derives its query form, toolbar, table, row and bulk actions from it.
// This module is pure data: no database, no HTML, so both layers may import it.
import type { Endpoint } from '../contracts/endpoint.js';

export interface ColumnSpec {
  /** Field of the API record (camelCase). */
  key: string;
  title: string;
  /** Dictionary code: the API adds `<key>_dictText`, the table shows it. */
  dict?: string;
  /** May be used as the `column` sort key. */
  sortable?: boolean;
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** How the table shows the value. */
  /** media: an image, or an audio player when the URL names a sound (.wav, .mp3). */
  render?: 'text' | 'image' | 'tag' | 'datetime' | 'ellipsis' | 'link' | 'media';
  /** render 'link': the text of the link to the value's URL (e.g. 下载); the URL itself otherwise. */
  linkText?: string;
  /** Included in the Excel export (default true). */
  export?: boolean;
  /** Shown in the table (default true); export-only columns set false. */
  list?: boolean;
  /** render 'tag': antd tag colour by the raw value (e.g. priority L → blue); others use blue. */
  colors?: Record<string, string>;
  /** Fixed options (a generated form's switch, Y/N): the table and the export show the value's label. */
  options?: FieldOption[];
  /** render 'image' / 'link': the value is a stored file's key (an upload), shown from /api/sys/common/static/. */
  stored?: boolean;
}

export interface FilterSpec {
  /** Query parameter, the same name as the record field it filters. */
  key: string;
  label: string;
  /** text: the page sends `*value*` (contains); exact: sent as typed; dict: a select of the dictionary; dateRange: `<key>_begin`/`<key>_end`; select: a select of `optionsFrom`. */
  type: 'text' | 'exact' | 'dict' | 'dateRange' | 'select';
  dict?: string;
  /** Options of a `select` filter: GET path (relative to /api) answering an array or a page, and the fields to use. */
  optionsFrom?: { api: ApiRef; value: string; label: string };
  placeholder?: string;
  /** Hidden until the query form is expanded (展开). */
  advanced?: boolean;
  /** A dict/select filter that runs the query as soon as it changes (e.g. 创作来源); 查询 still works without JavaScript. */
  autoSubmit?: boolean;
  /** Not shown: a fixed scope carried in the URL (e.g. the `dictId` of a dictionary's items); 重置 keeps it. */
  hidden?: boolean;
}

/** A toolbar button that opens another page in the content area (e.g. 回收站, 返回). */
interface ToolbarLink {
  key: string;
  label: string;
  perm?: string;
  href: string;
}

export interface ActionSpec {
  key: string;
  label: string;
  /** Button permission code; absent means every user who can open the list may use it. */
  perm?: string;
  /** Confirmation text for destructive actions. */
  confirm?: string;
  /** Row actions listed under 更多 instead of inline. */
  more?: boolean;
  danger?: boolean;
  /**
   * Row action that changes state (e.g. 发布): POSTs `{id, back, confirmed}` to `${route}/${key}` after the
   * `confirm` question (hx-confirm); without JavaScript the link opens `${route}/${key}?id=&back=`, which
   * should answer a confirmation page. Toolbar `actions` always post (with the list state as `back`).
   */
  post?: boolean;
  /** Row action that opens another screen: `href?<param>=<row id>` in the content area (e.g. 单元 → the course's units). */
  navigate?: { href: string; param: string };
  /** Row action shown only for records whose `field` holds one of `values` (e.g. 编辑 only for drafts). */
  showIf?: { field: string; values: string[] };
  /** Toolbar import: the file types the chooser offers (default: Excel workbooks). */
  accept?: string;
  /** Row action shown only where the API says the row allows it: a boolean ability of the record (e.g. `canRemove`). */
  ability?: string;
  /**
   * Sub-list row action that opens its own page in the dialog slot (a confirmation or a form, e.g. 移出, 部门角色)
   * instead of posting after hx-confirm. Not for a sub-list that is itself in a dialog.
   */
  dialog?: boolean;
}

interface TabsSpec {
  /** Query parameter the tabs set (an exact filter of the list). */
  key: string;
  label: string;
  /** The first item is the default when the URL names none. */
  items: { value: string; label: string }[];
}

export interface ListSpec {
  /** Route of the page (and tab key). */
  route: string;
  title: string;
  /** The endpoints of the list's contract (contracts/) the page calls and the API registers. */
  api: {
    list: ApiRef;
    add?: ApiRef;
    edit?: ApiRef;
    queryById?: ApiRef;
    delete?: ApiRef;
    deleteBatch?: ApiRef;
    exportXls?: ApiRef;
    importExcel?: ApiRef;
  };
  rowKey?: string;
  columns: ColumnSpec[];
  filters: FilterSpec[];
  defaultSort: { column: string; order: 'asc' | 'desc' };
  defaultPageSize?: number;
  toolbar: { add?: ActionSpec; export?: ActionSpec; import?: ActionSpec; actions?: ActionSpec[]; links?: ToolbarLink[] };
  /** Tabs above the query form that switch an exact filter (e.g. 登录日志 / 操作日志), kept in the URL. */
  tabs?: TabsSpec;
  rowActions: ActionSpec[];
  bulkActions: ActionSpec[];
  /** File name of exports, without extension (e.g. 角色信息). */
  exportName: string;
  /** Column keys a phone shows in each row's card (default: the first three listed columns). */
  phoneColumns?: string[];
  /** Query keys of the page's own state (e.g. the selected row) its links keep and the list API is not sent. */
  pageState?: string[];
  /** The rows form a tree (list-tree.tsx): see TreeListSpec. */
  tree?: TreeListSpec;
}

/**
 * A list whose rows nest: `text` is shown indented under its parent, with 添加下级 (the add form with `pid` preset).
 * `lazy`: the API answers one level at a time (the top level paged, a row's children by `?<pid>=<id>`); a row with
 * `hasChild` '1' expands through the URL's `open` (ids, kept with the rest of the list's state), and a filter opens
 * every level the API answers (the matches under their ancestors). Without `lazy` the API answers the rows in
 * tree order with their `depth` (分类字典).
 */
export interface TreeListSpec {
  pid: string;
  text: string;
  hasChild?: string;
  lazy?: boolean;
}

/**
 * A list inside a tab or a dialog (Filament's relation manager): a class's members, a role's users, a homework's
 * submissions, the user recycle bin. Declared like a main list, from the resource's fields (`column()`,
 * `filter()`), it has its own query form, sort, paging, row and bulk actions; its state lives in the query string of
 * the page that holds it, next to that page's own (`scope`), so links and forms work without JavaScript and htmx
 * swaps only its container (`#sub-<key>`).
 */
export interface SubListSpec {
  /** Names the sub-list: its container `#sub-<key>`, its bulk form, its table's accessible name prefix. */
  key: string;
  /** Accessible name of its table (e.g. 已分配的用户). */
  title: string;
  /** Page that holds the sub-list (links and forms go there); actions answer at `${route}/${action.key}`. */
  route: string;
  /**
   * Where the rows come from: a paged list endpoint (`api`, given the sub-list's state and the scope), or the whole
   * array the holding page already read (`rows: 'page'`: filtered, sorted and paged on the page side, for the few
   * endpoints that answer every row at once).
   */
  api?: ApiRef;
  /** Query keys of the holding page the sub-list keeps (e.g. the class's `id` and `tab`), and the API parameter each is sent as (null: not sent). */
  scope: Record<string, string | null>;
  rowKey?: string;
  /** Form field that carries the chosen rows' ids to actions (default `ids`); row actions send the one row's id in it. */
  idsParam?: string;
  columns: ColumnSpec[];
  filters: FilterSpec[];
  defaultSort?: { column: string; order: 'asc' | 'desc' };
  defaultPageSize?: number;
  rowActions: ActionSpec[];
  bulkActions: ActionSpec[];
  /** What the table says when there are no rows (default 暂无数据). */
  empty?: string;
  /** Accessible name of a row's checkbox, `{field}` replaced from the record (default 选择第N行). */
  checkLabel?: string;
  /** Column keys a phone shows in each row's card (default: the first three). */
  phoneColumns?: string[];
}

/** A sub-list read from a paged list endpoint, sorted by default as declared. */
export type PagedSubListSpec = SubListSpec & Required<Pick<SubListSpec, 'api' | 'defaultSort'>>;

/** A paged sub-list as its API reads it (sort allow-list, dictionary columns): the list endpoint's ListSpec. */
export function subListAsList(sub: PagedSubListSpec): ListSpec {
  return { route: sub.route, title: sub.title, api: { list: sub.api }, columns: sub.columns, filters: sub.filters, defaultSort: sub.defaultSort, toolbar: {}, rowActions: [], bulkActions: [], exportName: sub.title };
}

/** An endpoint of the contract (contracts/endpoint.ts) a declaration names: its methods and path, whatever its types. */
export type ApiRef = Pick<Endpoint, 'methods' | 'path'>;

const LIST_ENDPOINTS = ['list', 'add', 'edit', 'queryById', 'delete', 'deleteBatch', 'exportXls', 'importExcel'] as const;

/**
 * A list's endpoints when they are its contract's own: every one of the standard names (list, add, edit, queryById,
 * delete, deleteBatch, exportXls, importExcel) that the contract object names, e.g. `api: listEndpoints(roleApi)`.
 */
export function listEndpoints(contract: { list: ApiRef } & { [K in (typeof LIST_ENDPOINTS)[number]]?: ApiRef }): ListSpec['api'] {
  return Object.fromEntries(LIST_ENDPOINTS.filter((key) => contract[key]).map((key) => [key, contract[key]])) as ListSpec['api'];
}

/** Query key (camelCase record field) → SQL column reference, for every filterable or sortable key of a list. */
export type FieldMap = Record<string, { column: string; type?: 'string' | 'number' | 'date' }>;

export const PAGE_SIZES = [10, 20, 30, 50] as const;

/** Sort keys the list accepts (column keys marked sortable). */
export const sortableKeys = (spec: Pick<ListSpec, 'columns'>) => spec.columns.filter((c) => c.sortable).map((c) => c.key);

/** Field → dictionary code, for `_dictText` decoration. */
export const dictFields = (spec: Pick<ListSpec, 'columns'>): Record<string, string> =>
  Object.fromEntries(spec.columns.filter((c) => c.dict).map((c) => [c.key, c.dict as string]));

export const exportColumns = (spec: Pick<ListSpec, 'columns'>) => spec.columns.filter((c) => c.export !== false && c.key !== 'action');

export interface FieldOption {
  value: string;
  label: string;
  /** antd tag colour the option is shown in (radio labels). */
  color?: string;
}

export interface FieldSpec {
  /** Key of the JSON body sent to add/edit (camelCase). */
  key: string;
  label: string;
  /** rate: 1–5 stars (templates/list/star-rating.tsx), a number on the wire, null when none is chosen. */
  type: 'text' | 'password' | 'textarea' | 'number' | 'date' | 'select' | 'multiselect' | 'radio' | 'switch' | 'richtext' | 'upload' | 'rate';
  /** type 'upload': stored file keys (a comma list) kept or removed by the user, new files uploaded to `biz` on save. */
  upload?: { biz: string; multiple?: boolean; accept?: string };
  /** Options from a dictionary. */
  dict?: string;
  /** Options from an API list: GET path (relative to /api) answering an array or a page, and the fields to use. */
  optionsFrom?: { api: ApiRef; value: string; label: string };
  /** Fixed options. */
  options?: FieldOption[];
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
  /** Only on the add form (e.g. the initial password). */
  addOnly?: boolean;
  /** Shown but not editable when editing (e.g. a username). */
  readonlyOnEdit?: boolean;
  /** Shown only in the detail view: a value the form never sends (an online form's read-only field). */
  detailOnly?: boolean;
  help?: string;
  /** Multiselect values travel as a comma list (the anchor's convention) unless `asArray`. */
  asArray?: boolean;
  /** Value of a new record's field in the add form. */
  defaultValue?: string;
  /** Colours of dictionary options by value (radio labels shown as tags). */
  optionColors?: Record<string, string>;
  /**
   * Code of a 编码校验规则 the value must pass (text fields): the verdict shows as the user types. The form's API
   * must enforce the same rule on save (the user API does for 工号, domain/code-rules.ts storedRuleChecker).
   * A rule an administrator deleted no longer checks anything.
   */
  checkRule?: string;
  /** Code of a 填值规则 (text fields): the form offers 生成, which fills in a value the rule generates. */
  fillRule?: string;
}

export interface FormSpec {
  /** Dialog width in px (antd modal). */
  width?: number;
  /** Dialog width when the page shows content beside the form (ListPageOptions.formAside). */
  asideWidth?: number;
  fields: FieldSpec[];
}
