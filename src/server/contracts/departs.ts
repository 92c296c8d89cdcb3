// 班级管理 (/sys/sysDepart and the department parts of /sys/user, /sys/sysDepartRole, /sys/sysDepartPermission,
// /sys/permission and /teaching/teachingCourseDept): the endpoints the department screen and its tabs call, and the
// department tree 通讯录 shows.
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';
import type { DataRuleRecord, PermissionTreeNode } from './roles.js';

/** A department of the tree (queryTreeList, queryMyDeptTreeList; searchBy answers them without children). */
export interface DepartTreeNode {
  key: string;
  title: string;
  id: string;
  parentId: string;
  departName: string;
  orgCode: string;
  orgCategory: string;
  children: DepartTreeNode[];
}

/** A department of the pickers' tree (queryIdTree): its id as key and value. */
export interface DepartIdTreeNode {
  key: string;
  value: string;
  title: string;
  children: DepartIdTreeNode[];
}

/** One department as the screen shows it (queryById): with its parent's name and its counts. */
export interface DepartDetail extends Record<string, unknown> {
  id: string;
  parentId: string;
  departName: string;
  orgCode: string;
  orgCategory: string;
  orgCategory_dictText?: string;
  parentName: string;
  descendantCount: number;
  memberCount: number;
}

/** A member of a department or its sub-departments (with dictionary texts and the classes they are in). */
export interface DepartMemberRow extends Record<string, unknown> {
  id: string;
  username: string;
  realname: string;
  userIdentity: number;
  orgCodeTxt: string;
  /** Row ability: the caller may take this member out of the class (admins anyone; teachers their students). */
  canRemove: boolean;
}

/** A user who may be added to a department, with the departments they are in (a comma list). */
export interface MemberCandidate {
  id: string;
  username: string;
  realname: string;
  userIdentity: number;
  departNames: string;
}

export interface DepartRoleRecord extends Record<string, unknown> {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createTime: string | null;
}

/** A course of a class (teaching_course_dept joined with the course and the class). */
export interface DepartCourseRow {
  id: string;
  deptId: string;
  courseId: string;
  courseName: string;
  /** From when the class's students see the course; null: not set (they do not). */
  openTime: string | null;
}

/** The 部门权限 and department-role grant trees: every permission that may be granted, and every key in it. */
type PermissionTree = { treeList: PermissionTreeNode[]; ids: string[] };

/** A diff save of granted permissions (comma lists: the ids now checked, and those checked before). */
type PermissionSave = { permissionIds: string; lastpermissionIds: string };

type Sort = { column?: string; order?: 'asc' | 'desc' };
type Paging = { pageNo?: number | string; pageSize?: number | string };

export const departApi = {
  /** The caller's departments as a tree (admins: all of them). */
  treeList: GET<DepartTreeNode[]>('/sys/sysDepart/queryTreeList'),
  /** The departments the caller manages as a tree; null for a user who manages none. */
  myTreeList: GET<DepartTreeNode[] | null>('/sys/sysDepart/queryMyDeptTreeList'),
  /** The department pickers of other screens: the caller's departments (admins: all of them) as a tree. */
  idTree: GET<DepartIdTreeNode[]>('/sys/sysDepart/queryIdTree'),
  searchBy: GET<DepartTreeNode[], { keyWord: string; myDeptSearch?: string }>('/sys/sysDepart/searchBy'),
  queryById: GET<DepartDetail, { id: string }>('/sys/sysDepart/queryById'),
  add: POST<Saved<{ id?: string }>, Record<string, unknown> & { parentId?: string }>('/sys/sysDepart/add'),
  edit: PUT_OR_POST<Saved, Record<string, unknown> & { id: string }>('/sys/sysDepart/edit'),
  /** Deletes the department and every department below it. */
  delete: DELETE<null, never, { id: string }>('/sys/sysDepart/delete'),
  /** `ids`: a comma list. */
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/sysDepart/deleteBatch'),
  exportXls: GET<never>('/sys/sysDepart/exportXls'),
  /** The export's columns read back (上级部门 by org code or name); each row added as add would. */
  importExcel: POST<{ msg?: string }, FormData>('/sys/sysDepart/importExcel'),
};

export const departMemberApi = {
  list: GET<Page<DepartMemberRow>, { depId: string; username?: string; realname?: string } & Sort & Paging>('/sys/user/departUserList'),
  candidates: GET<MemberCandidate[], { depId: string; keyWord: string }>('/sys/sysDepart/queryMemberCandidates'),
  add: POST<{ added: number }, { depId: string; userIdList: string[] }>('/sys/user/editSysDepartWithUser'),
  remove: DELETE<null, never, { depId: string; userId: string }>('/sys/user/deleteUserInDepart'),
  /** `userIds`: a comma list. */
  removeBatch: DELETE<null, never, { depId: string; userIds: string }>('/sys/user/deleteUserInDepartBatch'),
  /** 清空班级: removes the direct members the caller may remove. */
  removeAll: DELETE<{ removed: number }, never, { id: string }>('/sys/sysDepart/removeAll'),
};

export const departPermissionApi = {
  tree: GET<PermissionTree>('/sys/sysDepart/queryPermissionTree'),
  granted: GET<string[], { departId: string }>('/sys/permission/queryDepartPermission'),
  save: POST<null, { departId: string } & PermissionSave>('/sys/permission/saveDepartPermission'),
  /** A menu's data rules and those the department holds on it (`drChecked`, a comma list). */
  dataRules: GET<{ datarule: DataRuleRecord[]; drChecked?: string }, never>('/sys/sysDepartPermission/datarule/:permissionId/:departId'),
  saveDataRules: POST<null, { permissionId: string; departId: string; dataRuleIds: string }>('/sys/sysDepartPermission/datarule'),
};


export const departRoleApi = {
  list: GET<Page<DepartRoleRecord>, { deptId: string } & Sort & Paging>('/sys/sysDepartRole/list'),
  /** Every role of a department (a member's role picker). */
  all: GET<DepartRoleRecord[], { departId: string }>('/sys/sysDepartRole/getDeptRoleList'),
  queryById: GET<DepartRoleRecord, { id: string }>('/sys/sysDepartRole/queryById'),
  add: POST<Saved<{ id?: string }>, Record<string, unknown> & { departId: string }>('/sys/sysDepartRole/add'),
  edit: PUT_OR_POST<Saved, Record<string, unknown> & { id: string }>('/sys/sysDepartRole/edit'),
  delete: DELETE<null, never, { id: string }>('/sys/sysDepartRole/delete'),
  /** `ids`: a comma list. */
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/sysDepartRole/deleteBatch'),
  /** The department roles a user holds (in one department when departId is given). */
  userRoles: GET<{ id: string; userId: string; droleId: string }[], { userId: string; departId?: string }>('/sys/sysDepartRole/getDeptRoleByUserId'),
  /** A diff save of a user's department roles (comma lists). */
  saveUserRoles: POST<null, { userId: string; newRoleId: string; oldRoleId: string }>('/sys/sysDepartRole/deptRoleUserAdd'),
  /** What a role of this department may be granted: the department's own permissions. */
  permissionTree: GET<PermissionTree, { departId: string }>('/sys/sysDepartPermission/queryTreeListForDeptRole'),
  permissions: GET<string[], { roleId: string }>('/sys/sysDepartPermission/queryDeptRolePermission'),
  savePermissions: POST<null, { roleId: string } & PermissionSave>('/sys/sysDepartPermission/saveDeptRolePermission'),
};

/** The 课程 tab: a class's courses and their open times (its course picker: courseApi.list, contracts/courses.ts). */
export const departCourseApi = {
  list: GET<Page<DepartCourseRow>, { deptId?: string; courseId?: string } & Paging>('/teaching/teachingCourseDept/list'),
  add: POST<null, { deptId: string; courseIdList: string[] }>('/teaching/teachingCourseDept/addOrUpdate'),
  /** 设置开课时间 ('YYYY-MM-DD HH:mm[:ss]'; empty clears it). */
  setOpenTime: PUT_OR_POST<null, { id: string; openTime: string }>('/teaching/teachingCourseDept/edit'),
  /** `ids`: a comma list. */
  removeBatch: DELETE<null, never, { ids: string }>('/teaching/teachingCourseDept/deleteBatch'),
};
