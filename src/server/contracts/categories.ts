// 分类字典 (/sys/category): the endpoints of the category screen (list, form, export, import) and the select
// helpers other screens choose categories from.
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';

/** A category as the list answers it: with its parent's code and name, and its depth in the tree. */
export interface CategoryRecord extends Record<string, unknown> {
  id: string;
  pid: string;
  name: string;
  code: string;
  itemValue: string | null;
  hasChild: string;
  pidCode: string;
  pidName: string;
  depth: number;
  createTime: string | null;
}

export const categoryApi = {
  list: GET<Page<CategoryRecord>>('/sys/category/list'),
  /** The roots (or the children of `pid`), unless the query searches by name or code. */
  rootList: GET<Page<CategoryRecord>>('/sys/category/rootList'),
  childList: GET<CategoryRecord[], { pid: string }>('/sys/category/childList'),
  queryById: GET<CategoryRecord, { id: string }>('/sys/category/queryById'),
  /** 编码校验: the code must start with the parent's code and be free. */
  checkCode: GET<null, { code: string; pid?: string; id?: string }>('/sys/category/checkCode'),
  add: POST<Saved<{ id: string; code: string }>>('/sys/category/add'),
  edit: PUT_OR_POST<Saved>('/sys/category/edit'),
  delete: DELETE<null, never, { id: string }>('/sys/category/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/category/deleteBatch'),
  exportXls: GET<never>('/sys/category/exportXls'),
  importExcel: POST<{ msg?: string }, FormData>('/sys/category/importExcel'),
  /** The children of the category coded `pcode` (the roots without it): one level with `async=true`, else the subtree. */
  loadTreeRoot: GET<CategoryTreeNode[], { pcode?: string; async?: 'true' | 'false'; pageSize?: number }>('/sys/category/loadTreeRoot'),
  loadTreeChildren: GET<CategoryTreeNode[], { pid: string }>('/sys/category/loadTreeChildren'),
  /** The anchor's category select: one level, the children of `pid`, or of the category coded `pcode` ('0': the roots). */
  loadTreeData: GET<CategoryTreeNode[], { pid?: string; pcode?: string; condition?: string }>('/sys/category/loadTreeData'),
  /** Every category below the one coded `code` (all of them without it). */
  loadAllData: GET<{ value: string; text: string; code: string; itemValue: string }[], { code?: string }>('/sys/category/loadAllData'),
  /** Names of the categories with these ids (a comma list), in the order asked. */
  loadDictItem: GET<string[], { ids: string }>('/sys/category/loadDictItem'),
  /** One category by code, name or id (`field`). */
  loadOne: GET<{ id: string; pid: string; name: string; code: string; itemValue: string | null; hasChild: string }, { field?: 'code' | 'name' | 'id'; val: string }>(
    '/sys/category/loadOne',
  ),
};

export interface CategoryTreeNode {
  key: string;
  title: string;
  value: string;
  code: string;
  itemValue: string | null;
  parentId: string;
  isLeaf: boolean;
  children?: CategoryTreeNode[];
}
