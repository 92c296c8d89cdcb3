// 通告管理 (/sys/annountCement): the endpoints the announcement screen calls — its list, form and export, the
// recipient picker, and 发布 / 撤销.
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, PUT } from './endpoint.js';

/** An announcement as the screen reads it (queryById, list); `_dictText` fields come with the list. */
export interface AnnouncementRecord extends Record<string, unknown> {
  id: string;
  titile: string;
  msgContent: string | null;
  msgAbstract: string | null;
  msgCategory: string;
  msgType: 'ALL' | 'USER';
  priority: 'L' | 'M' | 'H';
  sendStatus: string;
  sendStatus_dictText?: string;
  sender: string | null;
  sendTime: string | null;
  cancelTime: string | null;
  startTime: string | null;
  endTime: string | null;
  openType: string | null;
  openPage: string | null;
  createBy: string | null;
  createTime: string | null;
}

/** A row of the admin list: the record and what its publication state allows (the API refuses the rest). */
export interface AnnouncementListRecord extends AnnouncementRecord {
  canEdit: boolean;
  canPublish: boolean;
  canRevoke: boolean;
}

/** The chosen recipients of a USER announcement (a comma list of all of them; the first 200 by name). */
export interface AnnouncementRecipients {
  userIds: string;
  total: number;
  users: { id: string; username: string; realname: string; readFlag: string }[];
}

/** A user the recipient picker offers. */
export interface RecipientOption {
  id: string;
  username: string;
  realname: string;
}

export const announcementApi = {
  list: GET<Page<AnnouncementListRecord>>('/sys/annountCement/list'),
  queryById: GET<AnnouncementRecord, { id: string }>('/sys/annountCement/queryById'),
  add: POST<Saved<AnnouncementRecord>>('/sys/annountCement/add'),
  edit: PUT<Saved<AnnouncementRecord>>('/sys/annountCement/edit'),
  delete: DELETE<null, never, { id: string }>('/sys/annountCement/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/annountCement/deleteBatch'),
  exportXls: GET<never>('/sys/annountCement/exportXls'),
  recipients: GET<AnnouncementRecipients, { id: string }>('/sys/annountCement/queryRecipients'),
  /** Users matching `keyword` (username or name), or the users with these `ids` (a comma list). */
  recipientOptions: GET<RecipientOption[], { keyword?: string; ids?: string; pageSize?: number }>('/sys/annountCement/recipientOptions'),
  /** Reloads the caller's open shells' notices after reading one (`anntId`) or all (the anchor's spelling). */
  syncNotice: GET<null, { anntId?: string }>('/sys/annountCement/syncNotic'),
  /** 发布 (the anchor's GET). */
  release: GET<AnnouncementRecord, { id: string }>('/sys/annountCement/doReleaseData'),
  /** 撤销 (the anchor's GET, and its spelling). */
  revoke: GET<AnnouncementRecord, { id: string }>('/sys/annountCement/doReovkeData'),
};
