// The menu/button tree (sys_permission) as the admin screens see it: trees for 菜单管理 and the grant dialogs,
// the anchor's normalisation of menu fields, cascade deletes that keep leaf flags right, role grants with diff
// semantics, and the checks a data rule (sys_permission_data_rule) must pass to be saved. Applying the rules to
// the lists they guard is domain/data-rules.ts (used by the list endpoints).
import type { PermissionNode, PermissionRecord } from '../contracts/permissions.js';
import type { Kysely, Transaction } from 'kysely';
import type { Database, SysPermission } from '../db/schema.js';
import { DATA_RULE_CONDITIONS, dataRuleColumnsOf } from '../resources/permissions.js';
import { newId } from './ids.js';
import { buildTree } from '../shared/tree.js';

type Db = Kysely<Database> | Transaction<Database>;

export const ROUTE_VIEW = 'layouts/RouteView';

/** Every live row, in display order (sort_no, then creation). */
export function allPermissions(db: Db): Promise<SysPermission[]> {
  return db
    .selectFrom('sys_permission')
    .selectAll()
    .where('del_flag', '=', 0)
    .orderBy('sort_no', 'asc')
    .orderBy('create_time', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

// ---- trees ------------------------------------------------------------------------------------------------

/**
 * Rows under their parents (the one builder, shared/tree.ts): a row whose parent is missing (left over from
 * imported data) is shown at the root, so an administrator can still see and fix it.
 */
function permissionTreeOf<T extends { children?: T[] }>(rows: SysPermission[], toNode: (p: SysPermission) => T): T[] {
  return buildTree(rows, {
    id: (p) => p.id,
    parentId: (p) => p.parent_id,
    toNode: (p, children) => {
      const node = toNode(p);
      if (children.length) node.children = children;
      return node;
    },
  });
}

/** The entity as the anchor's SysPermission JSON (flags as booleans, `route` for is_route). */
export function permissionJson(p: SysPermission): PermissionRecord {
  return {
    id: p.id,
    parentId: p.parent_id ?? '',
    name: p.name,
    url: p.url,
    component: p.component,
    componentName: p.component_name,
    redirect: p.redirect,
    menuType: p.menu_type,
    perms: p.perms,
    permsType: p.perms_type,
    sortNo: p.sort_no,
    alwaysShow: p.always_show === 1,
    icon: p.icon,
    route: p.is_route === 1,
    leaf: p.is_leaf === 1,
    keepAlive: p.keep_alive === 1,
    hidden: p.hidden === 1,
    description: p.description,
    delFlag: p.del_flag,
    ruleFlag: p.rule_flag,
    status: p.status,
    internalOrExternal: p.internal_or_external === 1,
    createBy: p.create_by,
    createTime: p.create_time,
    updateBy: p.update_by,
    updateTime: p.update_time,
  };
}


const treeNode = (p: SysPermission): PermissionNode => ({ ...permissionJson(p), key: p.id, title: p.name, isLeaf: p.is_leaf === 1 });

/** SysPermissionTree: the whole tree of 菜单管理 (GET /sys/permission/list). */
export const permissionTree = (rows: SysPermission[]) => permissionTreeOf(rows, treeNode);

/** SysPermissionTree nodes without children (getSystemMenuList, getSystemSubmenu). */
export const permissionNodes = (rows: SysPermission[]) => rows.map(treeNode);

export interface TreeModel {
  key: string;
  title: string;
  slotTitle: string;
  value: string;
  label: string;
  icon: string | null;
  parentId: string;
  isLeaf: boolean;
  menuType: number;
  ruleFlag: number;
  scopedSlots?: { title: string };
  children?: TreeModel[];
}

/** The grant tree (queryTreeList): every menu and button; nodes with data rules carry the `hasDatarule` slot. */
export function treeModels(rows: SysPermission[], opts: { ruleSlot?: boolean } = {}): TreeModel[] {
  return permissionTreeOf(rows, (p) => {
    const node: TreeModel = {
      key: p.id,
      title: p.name,
      slotTitle: p.name,
      value: p.id,
      label: p.name,
      icon: p.icon,
      parentId: p.parent_id ?? '',
      isLeaf: p.is_leaf === 1,
      menuType: p.menu_type,
      ruleFlag: p.rule_flag,
    };
    if (opts.ruleSlot && p.rule_flag === 1) node.scopedSlots = { title: 'hasDatarule' };
    return node;
  });
}

/** Ids of `ids` plus all their ancestors that exist in `rows`. */
export function withAncestors(rows: SysPermission[], ids: Iterable<string>): Set<string> {
  const parent = new Map(rows.map((r) => [r.id, r.parent_id ?? '']));
  const out = new Set<string>();
  for (const id of ids) {
    let cur: string | undefined = id;
    while (cur && parent.has(cur) && !out.has(cur)) {
      out.add(cur);
      cur = parent.get(cur);
    }
  }
  return out;
}

/** `id` and every row below it, in any parent-linked tree (菜单 sys_permission, 前台菜单 teaching_menu). */
export function subtreeIds(rows: readonly { id: string; parent_id: string | null }[], id: string): Set<string> {
  const kids = new Map<string, string[]>();
  for (const r of rows) if (r.parent_id) kids.set(r.parent_id, [...(kids.get(r.parent_id) ?? []), r.id]);
  const out = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop()!;
    if (out.has(cur)) continue;
    out.add(cur);
    stack.push(...(kids.get(cur) ?? []));
  }
  return out;
}

// ---- normalisation (the anchor's intelligentProcessData) --------------------------------------------------

/** Strips a leading '/', 'views/' or 'src/views/' and a '.vue' suffix. */
export function normaliseComponent(component: string | null | undefined): string | null {
  let c = (component ?? '').trim();
  if (!c) return null;
  if (c.startsWith('/')) c = c.slice(1);
  if (c.startsWith('src/views/')) c = c.slice('src/views/'.length);
  else if (c.startsWith('views/')) c = c.slice('views/'.length);
  if (c.endsWith('.vue')) c = c.slice(0, -'.vue'.length);
  return c || null;
}

const isExternalUrl = (url: string) => /^https?:\/\//i.test(url) || url.startsWith('{{');

/** Prefixes '/' unless the url is external (http/https) or templated ({{ … }}). */
export function normaliseUrl(url: string | null | undefined): string | null {
  const u = (url ?? '').trim();
  if (!u) return null;
  return isExternalUrl(u) || u.startsWith('/') ? u : `/${u}`;
}

// ---- writes -----------------------------------------------------------------------------------------------

/** Recomputes is_leaf of one row of a menu tree from whether it has live children. */
export async function refreshLeaf(db: Db, id: string | null | undefined, table: 'sys_permission' | 'teaching_menu' = 'sys_permission'): Promise<void> {
  if (!id) return;
  const child = await db.selectFrom(table).select('id').where('parent_id', '=', id).where('del_flag', '=', 0).limit(1).executeTakeFirst();
  await db.updateTable(table).set({ is_leaf: child ? 0 : 1 }).where('id', '=', id).execute();
}

/** Deletes rows and everything below them, with their data rules and every role/department grant. */
export async function deletePermissionsCascade(tx: Db, rows: SysPermission[], ids: string[]): Promise<void> {
  const all = new Set<string>();
  for (const id of ids) for (const x of subtreeIds(rows, id)) all.add(x);
  const list = [...all];
  const parents = new Set(rows.filter((r) => ids.includes(r.id)).map((r) => r.parent_id).filter((p): p is string => !!p && !all.has(p)));
  for (let i = 0; i < list.length; i += 500) {
    const chunk = list.slice(i, i + 500);
    await tx.deleteFrom('sys_permission_data_rule').where('permission_id', 'in', chunk).execute();
    await tx.deleteFrom('sys_role_permission').where('permission_id', 'in', chunk).execute();
    await tx.deleteFrom('sys_depart_permission').where('permission_id', 'in', chunk).execute();
    await tx.deleteFrom('sys_depart_role_permission').where('permission_id', 'in', chunk).execute();
    await tx.deleteFrom('sys_permission').where('id', 'in', chunk).execute();
  }
  for (const p of parents) await refreshLeaf(tx, p);
}

/**
 * Applies a role's grant change: inserts `add` (skipping rows already granted) and deletes `remove`.
 * Returns the number of rows inserted and deleted.
 */
export async function applyRoleGrants(tx: Db, roleId: string, add: string[], remove: string[]): Promise<{ added: number; removed: number }> {
  let removed = 0;
  for (let i = 0; i < remove.length; i += 500) {
    const res = await tx.deleteFrom('sys_role_permission').where('role_id', '=', roleId).where('permission_id', 'in', remove.slice(i, i + 500)).executeTakeFirst();
    removed += Number(res.numDeletedRows ?? 0);
  }
  const existing = new Set(
    add.length ? (await tx.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', roleId).execute()).map((r) => r.permission_id) : [],
  );
  const rows = add.filter((id) => !existing.has(id)).map((id) => ({ id: newId(), role_id: roleId, permission_id: id, data_rule_ids: null }));
  // Idempotent under a parallel save of the same grant (unique role_id + permission_id).
  for (let i = 0; i < rows.length; i += 200) {
    await tx
      .insertInto('sys_role_permission')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
      .execute();
  }
  return { added: rows.length, removed };
}

/** Permission ids granted to a role. */
export async function rolePermissionIds(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
    .select('rp.permission_id')
    .where('rp.role_id', '=', roleId)
    .where('p.del_flag', '=', 0)
    .execute();
  return rows.map((r) => r.permission_id);
}

// ---- data rules -------------------------------------------------------------------------------------------

const CONDITIONS = new Set(DATA_RULE_CONDITIONS.map((c) => c.value));
const VARIABLE_RE = /#\{([^}]*)\}/g;
const VARIABLES = new Set(['sys_user_code', 'sys_org_code']);

/** snake_case of a camelCase column name (the Vue client may send entity field names). */
export const snakeColumn = (s: string) => s.trim().replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

/**
 * Checks a data rule against the allow-list of the menu's list. Returns the offending field and message, or
 * null when the rule is acceptable.
 */
export function checkDataRule(
  component: string | null | undefined,
  rule: { ruleColumn: string; ruleConditions: string; ruleValue: string },
): { field: string; message: string } | null {
  const columns = dataRuleColumnsOf(component);
  if (!columns.length) return { field: 'ruleColumn', message: '该菜单的列表不支持数据规则' };
  const col = columns.find((c) => c.column === snakeColumn(rule.ruleColumn));
  if (!col) return { field: 'ruleColumn', message: `规则字段只能是：${columns.map((c) => c.column).join('、')}` };
  if (!CONDITIONS.has(rule.ruleConditions)) return { field: 'ruleConditions', message: '条件规则只能是 =、!=、>、>=、<、<=、IN、LIKE 之一' };
  const value = rule.ruleValue.trim();
  if (!value) return { field: 'ruleValue', message: '请输入规则值' };
  for (const m of value.matchAll(VARIABLE_RE)) {
    if (!VARIABLES.has(m[1].trim())) return { field: 'ruleValue', message: '规则值只能使用 #{sys_user_code} 或 #{sys_org_code}' };
    if (col.type === 'number') return { field: 'ruleValue', message: '数字字段的规则值不能使用变量' };
  }
  if (rule.ruleConditions === 'LIKE' && col.type === 'number') return { field: 'ruleConditions', message: '数字字段不能使用模糊匹配' };
  if (col.type === 'number') {
    const parts = rule.ruleConditions === 'IN' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [value];
    if (!parts.length || parts.some((s) => !/^-?\d+(\.\d+)?$/.test(s))) return { field: 'ruleValue', message: '该字段的规则值必须是数字' };
  }
  return null;
}

/** The anchor's comma lists (`a,b,`) as ids. */
export const splitIds = (s: string | null | undefined) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

/** Removes deleted rule ids from every grant of a menu that carries them. */
export async function dropRuleFromGrants(tx: Db, permissionId: string, ruleId: string): Promise<void> {
  for (const table of ['sys_role_permission', 'sys_depart_permission', 'sys_depart_role_permission'] as const) {
    const rows = await tx
      .selectFrom(table)
      .select(['id', 'data_rule_ids'])
      .where('permission_id', '=', permissionId)
      .where('data_rule_ids', 'is not', null)
      .execute();
    for (const r of rows) {
      const ids = splitIds(r.data_rule_ids);
      if (!ids.includes(ruleId)) continue;
      const rest = ids.filter((x) => x !== ruleId);
      await tx.updateTable(table).set({ data_rule_ids: rest.length ? rest.join(',') : null }).where('id', '=', r.id).execute();
    }
  }
}

