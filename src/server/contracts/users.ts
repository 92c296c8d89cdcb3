// 用户管理 (/sys/user): the list (also the user picker of 作业管理's 克隆至其他账号) and its add/edit/delete,
// export and roster import, the endpoints its dialogs call beside the list (detail, freeze, password, the recycle
// bin) and the reads of its form (roles, classes, the department pickers).
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, PUT } from './endpoint.js';

/** A user as 用户管理 reads one (queryById, the recycle bin): the record with its classes, roles and managed classes. */
export interface UserRecord extends Record<string, unknown> {
  id: string;
  username: string;
  realname: string;
  /** 1 正常, 2 冻结. */
  status: number;
  status_dictText?: string;
  /** The classes the user is in (names, a comma list). */
  orgCodeTxt: string;
  /** The user's roles (names, a comma list). */
  roleTxt: string;
  /** The classes the user manages (负责班级): ids and names, comma lists. */
  departIds: string;
  departIds_dictText: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** A row of the user list: the user and which of 冻结 / 解冻 applies for the caller (the API refuses the other). */
export interface UserListRecord extends UserRecord {
  canFreeze: boolean;
  canUnfreeze: boolean;
}

/** A department the caller may assign, named by its path (学校 / 年级 / 班级). */
export interface DepartOption {
  id: string;
  title: string;
  orgCode: string;
}

export const userAdminApi = {
  /** The users the caller may see (scoped, narrowed by the menu's data rules). */
  list: GET<Page<UserListRecord>>('/sys/user/list'),
  add: POST<Saved<{ id: string }>, Record<string, unknown>>('/sys/user/add'),
  edit: PUT<Saved, Record<string, unknown> & { id: string }>('/sys/user/edit'),
  /** Logical delete (the user goes to the recycle bin). */
  delete: DELETE<null, never, { id: string }>('/sys/user/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/user/deleteBatch'),
  exportXls: GET<never>('/sys/user/exportXls'),
  /** Class rosters; generated passwords come back once, in the answer. */
  importExcel: POST<{ msg?: string }, FormData>('/sys/user/importExcel'),
  /** The anchor's 导入学生 of a class (`departId`, in the query or the form): the roster's rows as students of that class. */
  importStudent: POST<{ msg?: string }, FormData>('/sys/user/importStudent'),
  queryById: GET<UserRecord, { id: string }>('/sys/user/queryById'),
  /** The anchor's user pickers: the users with these ids (a comma list) the caller may see, in the order asked. */
  queryByIds: GET<UserRecord[], { userIds: string }>('/sys/user/queryByIds'),
  /** A fresh user id (32 hex) for a form that names the user before saving it. */
  generateUserId: GET<string>('/sys/user/generateUserId'),
  /** The ids of the user's roles. */
  roleIds: GET<string[], { userid: string }>('/sys/user/queryUserRole'),
  /** The departments the user is a member of. */
  departs: GET<{ key: string; value: string; title: string }[], { userId: string }>('/sys/user/userDepartList'),
  /** The departments the caller may assign: matching `keyword`, or just `ids` (a comma list); at most `pageSize`. */
  departOptions: GET<DepartOption[], { keyword?: string; ids?: string; pageSize?: number }>('/sys/user/departOptions'),
  /** 冻结 ('2') or 解冻 ('1') users (`ids`: a comma list). */
  freeze: PUT<null, { ids: string; status: '1' | '2' }>('/sys/user/frozenBatch'),
  changePassword: PUT<{ errors?: Record<string, string> } | null, { id: string; password: string; confirmpassword: string }>('/sys/user/changePassword'),
  /** Deleted users, the most recently deleted first. */
  recycleBin: GET<UserRecord[]>('/sys/user/recycleBin'),
  restore: PUT<null, { userIds: string }>('/sys/user/putRecycleBin'),
  purge: DELETE<null, never, { userIds: string }>('/sys/user/deleteRecycleBin'),
};
