// 职务管理 (/sys/position) and 通讯录 (/sys/user/queryByOrgCodeForAddressList): the positions list with its
// add/edit/delete, export and import, and the people of the address book.
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';

export interface PositionRecord {
  id: string;
  code: string;
  name: string;
  /** 职级 (the position_rank dictionary). */
  postRank: string | null;
  postRank_dictText?: string;
  companyId: string | null;
  /** How many users hold the position (the list adds it). */
  userCount?: number;
  createTime: string | null;
}

/** A person of 通讯录: with the names of their positions and of the departments the caller may see. */
export interface AddressBookRow {
  id: string;
  username: string;
  realname: string;
  workNo: string | null;
  phone: string | null;
  telephone: string | null;
  email: string | null;
  avatar_url: string | null;
  post_dictText: string;
  departName: string;
}

export const positionApi = {
  list: GET<Page<PositionRecord>>('/sys/position/list'),
  queryById: GET<PositionRecord, { id: string }>('/sys/position/queryById'),
  add: POST<Saved, Record<string, unknown>>('/sys/position/add'),
  edit: PUT_OR_POST<Saved, Record<string, unknown> & { id: string }>('/sys/position/edit'),
  delete: DELETE<null, never, { id: string }>('/sys/position/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/position/deleteBatch'),
  exportXls: GET<never>('/sys/position/exportXls'),
  importExcel: POST<{ msg?: string }, FormData>('/sys/position/importExcel'),
};

export const addressListApi = {
  /** The members of the department with `orgCode` and its sub-departments (everyone in scope without it). */
  list: GET<Page<AddressBookRow>, { orgCode?: string; realname?: string; workNo?: string; pageNo?: number; pageSize?: number; column?: string; order?: 'asc' | 'desc' }>(
    '/sys/user/queryByOrgCodeForAddressList',
  ),
};
