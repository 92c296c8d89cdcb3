// /teaching/teachingNews (资讯管理): the endpoints of the admin list and its dialog.
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';

export const newsApi = {
  list: GET<Page<Record<string, unknown>>>('/teaching/teachingNews/list'),
  add: POST<Saved<{ id?: string }>>('/teaching/teachingNews/add'),
  edit: PUT_OR_POST<Saved>('/teaching/teachingNews/edit'),
  queryById: GET<Record<string, unknown>, { id: string }>('/teaching/teachingNews/queryById'),
  delete: DELETE<null, never, { id: string }>('/teaching/teachingNews/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/teaching/teachingNews/deleteBatch'),
  exportXls: GET<never>('/teaching/teachingNews/exportXls'),
  /** Rows 标题, 内容, 状态 (0/1 or 草稿/已发布), as the export writes them; each row checked as the form's save. */
  importExcel: POST<{ msg?: string }, FormData>('/teaching/teachingNews/importExcel'),
};
