// 字典管理 (/sys/dict, /sys/dictItem): the endpoints of the dictionary screen — dictionaries (list, form, export,
// import, 刷新缓存), their recycle bin, the items of one dictionary, and deleteItemByText (the dictionary
// select's delete control).
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, PUT } from './endpoint.js';

export interface DictRecord extends Record<string, unknown> {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  type: number;
  createTime: string | null;
  updateTime: string | null;
  updateBy: string | null;
}

export interface DictItemRecord extends Record<string, unknown> {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  description: string | null;
  sortOrder: number;
  /** 1: enabled (offered by the selects), 0: disabled. */
  status: number;
}

/** An item's edit: every field of the form, the item's id (its dictionary stays). */
export interface DictItemEdit {
  id: string;
  itemText: string;
  itemValue: string;
  description: string | null;
  sortOrder: number;
  status: number;
}

export const dictApi = {
  list: GET<Page<DictRecord>>('/sys/dict/list'),
  queryById: GET<DictRecord, { id: string }>('/sys/dict/queryById'),
  add: POST<Saved>('/sys/dict/add'),
  edit: PUT<Saved>('/sys/dict/edit'),
  /** Moves dictionaries to the recycle bin. */
  delete: DELETE<null, never, { id: string }>('/sys/dict/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/dict/deleteBatch'),
  exportXls: GET<never>('/sys/dict/exportXls'),
  importExcel: POST<{ msg?: string }, FormData>('/sys/dict/importExcel'),
  /** 刷新缓存 (the anchor's spelling). */
  refreshCache: GET<null>('/sys/dict/refleshCache'),
  /** The recycle bin: deleted dictionaries, last deleted first. */
  recycleBin: GET<DictRecord[]>('/sys/dict/deleteList'),
  restore: PUT<null>('/sys/dict/back/:id'),
  /** Deletes a dictionary of the recycle bin for good, with its items. */
  purge: DELETE<null>('/sys/dict/deletePhysic/:id'),
  /** Deletes the item named `itemText` of the dictionary coded `dictCode`. */
  deleteItemByText: DELETE<null, never, { dictCode: string; itemText: string }>('/sys/dict/deleteItemByText'),
};

export const dictItemApi = {
  list: GET<Page<DictItemRecord>>('/sys/dictItem/list'),
  queryById: GET<DictItemRecord, { id: string }>('/sys/dictItem/queryById'),
  add: POST<Saved>('/sys/dictItem/add'),
  edit: PUT<Saved, DictItemEdit>('/sys/dictItem/edit'),
  delete: DELETE<null, never, { id: string }>('/sys/dictItem/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/dictItem/deleteBatch'),
};

/** A tree select's node (JeecgBoot's TreeSelectModel): key and value are the code, title the text. */
export interface DictTreeNode {
  key: string;
  title: string;
  value: string;
  parentId: string;
  isLeaf: boolean;
}

/**
 * The anchor's select components' helpers over table dictionaries (JTreeSelect, JSearchSelectTag): any logged-in
 * user, only the allow-listed tables and fields of domain/table-dicts.ts, rows in the caller's scope.
 */
export const dictSelectApi = {
  /** One level of a tree table dictionary: the children of `pid` (empty or '0': the top). */
  loadTreeData: GET<DictTreeNode[], { pid?: string; pidField: string; tableName: string; text: string; code: string; hasChildField?: string; condition?: string }>(
    '/sys/dict/loadTreeData',
  ),
  /** The texts of `key` (a comma list of codes) in the dictionary `dictCode` (`table,text,code`, or a dictionary's code). */
  loadDictItem: GET<string[], { key: string }>('/sys/dict/loadDictItem/:dictCode'),
};
