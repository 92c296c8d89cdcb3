// /sys/role and the role grants (角色管理: 授权, 数据规则, 用户): the endpoints the role screens call.
import type { Page } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';

export interface RoleRecord {
  id: string;
  roleName: string;
  roleCode: string;
  roleLevel: number;
  description: string | null;
  createTime: string | null;
}

/** A node of the menu/button tree a role is granted from. */
export interface PermissionTreeNode {
  key: string;
  title: string;
  menuType?: number;
  ruleFlag?: number;
  children?: PermissionTreeNode[];
}

export interface DataRuleRecord {
  id: string;
  ruleName: string;
  /** Null when the rule was saved without it (a rule of custom SQL has no column). */
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
  status: string;
}

/** A member of a role as its user lists answer (with dictionary texts). */
export interface RoleUserRow {
  id: string;
  username: string;
  realname: string;
  sex_dictText?: string;
  status_dictText?: string;
}

export const roleApi = {
  list: GET<Page<RoleRecord>>('/sys/role/list'),
  queryById: GET<RoleRecord, { id: string }>('/sys/role/queryById'),
  queryall: GET<RoleRecord[]>('/sys/role/queryall'),
  checkRoleCode: GET<null, { roleCode: string; id?: string }>('/sys/role/checkRoleCode'),
  add: POST<null>('/sys/role/add'),
  edit: PUT_OR_POST<null>('/sys/role/edit'),
  delete: DELETE<null, never, { id: string }>('/sys/role/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/role/deleteBatch'),
  exportXls: GET<never>('/sys/role/exportXls'),
  importExcel: POST<{ msg?: string }, FormData>('/sys/role/importExcel'),
};

export const roleGrantApi = {
  /** The whole menu/button tree, and every key in it. */
  treeList: GET<{ treeList: PermissionTreeNode[]; ids: string[] }>('/sys/role/queryTreeList'),
  /** The menu and button ids granted to a role. */
  rolePermissions: GET<string[], { roleId: string }>('/sys/permission/queryRolePermission'),
  saveRolePermissions: POST<null, { roleId: string; permissionIds: string; lastpermissionIds: string }>('/sys/permission/saveRolePermission'),
  /** A menu's data rules and which of them the role has (a comma list). */
  dataRules: GET<{ datarule: DataRuleRecord[]; drChecked?: string }, never>('/sys/role/datarule/:permissionId/:roleId'),
  saveDataRules: POST<null, { roleId: string; permissionId: string; dataRuleIds: string }>('/sys/role/datarule'),
  users: GET<Page<RoleUserRow>, { roleId: string; username?: string; pageNo?: number; pageSize?: number; column?: string; order?: 'asc' | 'desc' }>('/sys/user/userRoleList'),
  userCandidates: GET<Page<RoleUserRow>, { roleId: string; keyword?: string; pageNo?: number; pageSize?: number }>('/sys/user/userRoleCandidates'),
  addUsers: POST<null, { roleId: string; userIdList: string[] }>('/sys/user/addSysUserRole'),
  removeUser: DELETE<null, never, { roleId: string; userId: string }>('/sys/user/deleteUserRole'),
  removeUsers: DELETE<null, never, { roleId: string; userIds: string }>('/sys/user/deleteUserRoleBatch'),
};
