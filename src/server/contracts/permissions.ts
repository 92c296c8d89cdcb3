// 菜单管理 (/sys/permission): the menu tree, its form and delete, and the data rules of one menu; 数据规则
// (/sys/permission/…DataRule…): every menu's data rules as one list, with its form, export and 预览.
import type { DataRuleRecord } from './roles.js';
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';

/** A menu, sub-menu or button (the anchor's SysPermission: flags as booleans, `route` for is_route). */
export interface PermissionRecord {
  id: string;
  parentId: string;
  name: string;
  url: string | null | undefined;
  component: string | null | undefined;
  componentName: string | null | undefined;
  redirect: string | null | undefined;
  /** 0 top menu, 1 sub menu, 2 button/permission. */
  menuType: number;
  perms: string | null | undefined;
  permsType: string;
  sortNo: number;
  alwaysShow: boolean;
  icon: string | null | undefined;
  route: boolean;
  leaf: boolean;
  keepAlive: boolean;
  hidden: boolean;
  description: string | null | undefined;
  delFlag: number;
  ruleFlag: number;
  status: string;
  internalOrExternal: boolean;
  createBy: string | null | undefined;
  createTime: string | null | undefined;
  updateBy: string | null | undefined;
  updateTime: string | null | undefined;
}

/** A node of the menu tree: the record, with the tree's key, title and leaf flag. */
export type PermissionNode = PermissionRecord & { key: string; title: string; isLeaf: boolean; children?: PermissionNode[] };

/** A data rule of a menu. */
export interface PermissionDataRule extends DataRuleRecord {
  permissionId: string;
}

/** A data rule as the 数据规则 list answers it: with its menu and its column and condition in words. */
export interface DataRuleRow extends Record<string, unknown> {
  id: string;
  permissionId: string;
  permissionName: string;
  component: string | null;
  ruleName: string;
  ruleColumn: string | null;
  ruleColumnText: string;
  ruleConditions: string | null;
  conditionText: string;
  ruleValue: string | null;
  status: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** 预览: the rows a role would see under one rule and under its current grant. */
export type DataRulePreview = { menuName: string; ruleName: string; roleName: string } & RulePreview;

/** The fields of a data rule an add or an edit sends (an edit also its id). */
export interface DataRuleBody {
  id?: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

export const permissionApi = {
  /** The whole menu tree (SysPermissionTree). */
  tree: GET<PermissionNode[]>('/sys/permission/list'),
  queryById: GET<PermissionRecord, { id: string }>('/sys/permission/queryById'),
  add: POST<Saved<{ id?: string }>>('/sys/permission/add'),
  edit: PUT_OR_POST<Saved<{ id?: string }>>('/sys/permission/edit'),
  /** Deletes a menu with everything below it, its data rules and its grants. */
  delete: DELETE<null, never, { id: string }>('/sys/permission/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/permission/deleteBatch'),
  /** The data rules of one menu, oldest first. */
  rules: GET<PermissionDataRule[], { permissionId: string }>('/sys/permission/getPermRuleListByPermId'),
  /** Data rules matching every field given (e.g. one rule by id and menu). */
  queryRules: GET<PermissionDataRule[], Partial<PermissionDataRule>>('/sys/permission/queryPermissionRule'),
  addRule: POST<Saved<{ id?: string }>, DataRuleBody>('/sys/permission/addPermissionRule'),
  editRule: PUT_OR_POST<Saved<{ id?: string }>, DataRuleBody>('/sys/permission/editPermissionRule'),
  deleteRule: DELETE<null, never, { id: string }>('/sys/permission/deletePermissionRule'),
};

export const dataRuleApi = {
  list: GET<Page<DataRuleRow>>('/sys/permission/dataRuleList'),
  queryById: GET<DataRuleRow, { id: string }>('/sys/permission/queryDataRuleById'),
  add: POST<Saved<{ id?: string }>, DataRuleBody>('/sys/permission/addDataRule'),
  edit: PUT_OR_POST<Saved<{ id?: string }>, DataRuleBody>('/sys/permission/editDataRule'),
  delete: DELETE<null, never, { id: string }>('/sys/permission/deleteDataRule'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/permission/deleteDataRuleBatch'),
  exportXls: GET<never>('/sys/permission/exportDataRuleXls'),
  /** Menus whose list can carry rules, in menu order. */
  menus: GET<{ id: string; name: string; url: string | null; component: string | null }[]>('/sys/permission/dataRuleMenus'),
  /** The rows the role would see under the rule `id`. */
  preview: GET<DataRulePreview, { id: string; roleId: string }>('/sys/permission/previewDataRule'),
};

export interface RulePreview {
  /** Columns of `rows` (key = column). */
  columns: { key: string; title: string }[];
  /** Rows of the list without any rule. */
  total: number;
  /** Rows this rule alone lets through. */
  rule: PreviewRows;
  /** The role's grant of the menu: whether it has one, the rules it carries, and the rows it sees with them. */
  role: { granted: boolean; rules: string[]; includesRule: boolean } & PreviewRows;
  /** The user whose account and department resolve `#{…}` variables (the role's first user), if any. */
  sampleUser: string | null;
}

export interface PreviewRows {
  count: number;
  rows: Record<string, unknown>[];
}

/**
 * What the caller may do across the school, answered with their account (/teaching/user/info's `abilities`) so
 * that pages show an action only when the API would allow it and never work out "is admin" themselves. The API
 * checks each again; domain/abilities.ts computes both.
 */
export interface UserAbilities {
  /** Every class and department, not only the ones the caller manages (组织机构, top-level departments). */
  allDeparts: boolean;
  /** The settings only administrators may change (自定义JS/CSS). */
  adminSettings: boolean;
  /** The school-wide figures of the analysis dashboard on the home page. */
  schoolDashboard: boolean;
}
