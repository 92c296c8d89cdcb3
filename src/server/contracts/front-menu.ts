// /teaching/menu (前台菜单管理): the endpoints of the admin screen of the public site's navigation (the tree,
// one row, its drawer form's saves, deletes with everything below).
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';
import type { Saved } from './shapes.js';

/** A row of the front menu tree as the admin screen reads it. */
export interface FrontMenuRecord {
  id: string;
  /** '' for a top-level row. */
  parentId: string;
  name: string;
  url: string;
  /** 0 一级菜单, 1 子菜单. */
  menuType: number;
  sortNo: number;
  icon: string | null;
  description: string | null;
  hidden: boolean;
  route: boolean;
  needLogin: boolean;
  /** Opens in a new window. */
  internalOrExternal: boolean;
  children?: FrontMenuRecord[];
}

export const frontMenuApi = {
  /** Every row, as a tree in order. */
  list: GET<FrontMenuRecord[]>('/teaching/menu/list'),
  queryById: GET<FrontMenuRecord, { id: string }>('/teaching/menu/queryById'),
  add: POST<Saved<{ id?: string }>>('/teaching/menu/add'),
  edit: PUT_OR_POST<Saved<{ id?: string }>>('/teaching/menu/edit'),
  /** Deletes the row and every row below it. */
  delete: DELETE<null, never, { id: string }>('/teaching/menu/delete'),
  /** `ids`: a comma list; each with every row below it. */
  deleteBatch: DELETE<null, never, { ids: string }>('/teaching/menu/deleteBatch'),
};
