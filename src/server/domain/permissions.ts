// A user's menus and buttons: the union of grants through their roles and their department roles,
// shaped as teaching-open's getUserPermissionByToken answer (menu tree, auth, allAuth).
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SysPermission } from '../db/schema.js';
import type { PermissionCode } from '../db/seed/menus.js';
import { isSuperUser, loadRoles } from './sessions.js';

const HOME_COMPONENT = 'dashboard/Index';

/**
 * Button codes that only the admin role (admin/dev) ever holds, whatever the grant tables say: they decide who
 * may do what (role definitions and levels, role grants, the menu data itself, department permissions and
 * department roles, managed classes in the user form), change what every visitor sees (site configuration, the
 * public site menu), erase the audit trail, or run server jobs (定时任务: backups, purges), or read what an import brought (数据迁移: the source's host and accounts). Menu data can switch them on for another role; it grants nothing.
 */
export const ADMIN_ONLY_CODES = [
  'config:save',
  'menu:add', 'menu:edit', 'menu:del',
  'permission:add', 'permission:edit', 'permission:del', 'permission:rule',
  'datarule:add', 'datarule:edit', 'datarule:del',
  'role:add', 'role:edit', 'role:del', 'role:auth', 'role:import',
  'depart:permission', 'depart:role',
  'sys:user:depart',
  'log:del',
  'quartz:add', 'quartz:edit', 'quartz:del', 'quartz:status', 'quartz:run', 'quartz:export', 'quartz:import',
  'online:forceLogout',
  'file:upload', 'file:del', 'datalog:view',
  'checkRule:add', 'checkRule:edit', 'checkRule:del', 'checkRule:export', 'checkRule:import',
  'fillRule:add', 'fillRule:edit', 'fillRule:del', 'fillRule:export', 'fillRule:import',
  'msgTemplate:add', 'msgTemplate:edit', 'msgTemplate:del', 'msgTemplate:send', 'msgTemplate:export', 'msgTemplate:import',
  'message:del', 'message:resend', 'message:export',
  'importRun:view',
] as const satisfies readonly PermissionCode[];
export type AdminOnlyCode = (typeof ADMIN_ONLY_CODES)[number];
const ADMIN_ONLY = new Set<string>(ADMIN_ONLY_CODES);
export const isAdminOnlyCode = (code: string): code is AdminOnlyCode => ADMIN_ONLY.has(code);

/**
 * The live menus and buttons granted to a user through their roles and department roles. Admin-only buttons
 * are left out for anyone without the admin role, so neither the UI's auth list nor the server's grant set
 * can hold them.
 */
export async function userPermissionRows(db: Kysely<Database>, userId: string): Promise<SysPermission[]> {
  const viaRoles = db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .select('rp.permission_id')
    .where('ur.user_id', '=', userId);
  const viaDepartRoles = db
    .selectFrom('sys_depart_role_permission as drp')
    .innerJoin('sys_depart_role_user as dru', 'dru.drole_id', 'drp.role_id')
    .select('drp.permission_id')
    .where('dru.user_id', '=', userId);
  const [rows, roles] = await Promise.all([
    db
      .selectFrom('sys_permission')
      .selectAll()
      .where('del_flag', '=', 0)
      .where((eb) => eb.or([eb('id', 'in', viaRoles), eb('id', 'in', viaDepartRoles)]))
      .orderBy('sort_no', 'asc')
      .orderBy('id', 'asc')
      .execute(),
    loadRoles(db, userId),
  ]);
  if (isSuperUser({ roles })) return rows;
  return rows.filter((r) => !(r.menu_type === 2 && r.perms && isAdminOnlyCode(r.perms)));
}

export interface Grants {
  /**
   * Button codes the server accepts from this user: exactly those granted to them. A button's status only
   * decides what the UI shows (SPEC §6: status 0 makes it visible to everyone); it never widens or narrows this.
   */
  codes: Set<string>;
  /** Route paths of the menus granted to the user (a screen's API is open to those who have its menu). */
  menus: Set<string>;
}

async function userGrants(db: Kysely<Database>, userId: string): Promise<Grants> {
  return grantsOf(await userPermissionRows(db, userId));
}

/** The grants of a user's permission rows (userPermissionRows). */
export function grantsOf(rows: readonly SysPermission[]): Grants {
  const codes = new Set<string>();
  const menus = new Set<string>();
  for (const r of rows) {
    if (r.menu_type === 2 && r.perms) codes.add(r.perms);
    if (r.menu_type !== 2 && r.url) menus.add(r.url);
  }
  return { codes, menus };
}

const isExternalUrl = (url: string | null) => !!url && (/^https?:\/\//.test(url) || url.startsWith('{{'));

export interface MenuItem {
  id: string;
  route: '0' | '1';
  path: string;
  name: string;
  hidden?: true;
  alwaysShow?: true;
  component: string | null;
  redirect?: string | null;
  meta: {
    keepAlive: boolean;
    internalOrExternal: boolean;
    title: string;
    icon?: string;
    url?: string;
  };
  children?: MenuItem[];
}

function routeName(p: SysPermission): string {
  if (p.component_name) return p.component_name;
  return (p.url ?? '').replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function menuItem(p: SysPermission): MenuItem {
  const external = isExternalUrl(p.url);
  const item: MenuItem = {
    id: p.id,
    route: p.is_route === 0 ? '0' : '1',
    path: external ? createHash('md5').update(p.url ?? '').digest('hex') : (p.url ?? ''),
    name: routeName(p),
    component: p.component,
    meta: { keepAlive: p.keep_alive === 1, internalOrExternal: p.internal_or_external === 1, title: p.name },
  };
  if (p.hidden === 1) item.hidden = true;
  if (p.always_show === 1) item.alwaysShow = true;
  if (!p.parent_id) item.redirect = p.redirect ?? null;
  if (p.icon) item.meta.icon = p.icon;
  if (external) item.meta.url = p.url ?? undefined;
  return item;
}

/** Tree of menus (types 0 and 1). Children of a parent the user lacks are dropped, as in the anchor. */
function buildMenuTree(rows: SysPermission[]): MenuItem[] {
  const menus = rows.filter((r) => r.menu_type !== 2);
  const byParent = new Map<string, SysPermission[]>();
  for (const r of menus) {
    const key = r.parent_id ?? '';
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const build = (p: SysPermission): MenuItem => {
    const item = menuItem(p);
    const kids = p.is_leaf === 0 ? (byParent.get(p.id) ?? []) : [];
    if (kids.length) item.children = kids.map(build);
    return item;
  };
  return (byParent.get('') ?? []).map(build);
}

export interface AuthEntry {
  action: string;
  type: string;
  describe: string;
}
export interface AllAuthEntry extends AuthEntry {
  status: string;
}

export async function userPermissions(
  db: Kysely<Database>,
  userId: string,
  /** The user's rows when the caller has them already (userPermissionRows). */
  granted?: readonly SysPermission[],
): Promise<{ menu: MenuItem[]; auth: AuthEntry[]; allAuth: AllAuthEntry[] }> {
  let rows = [...(granted ?? (await userPermissionRows(db, userId)))];
  // Everyone gets the home dashboard, first.
  if (!rows.some((r) => r.component === HOME_COMPONENT)) {
    const home = await db
      .selectFrom('sys_permission')
      .selectAll()
      .where('component', '=', HOME_COMPONENT)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (home) rows = [home, ...rows];
  }
  const auth = rows
    .filter((r) => r.menu_type === 2 && r.perms && r.status === '1')
    .map((r) => ({ action: r.perms as string, type: r.perms_type, describe: r.name }));
  const all = await db
    .selectFrom('sys_permission')
    .select(['perms', 'perms_type', 'name', 'status'])
    .where('menu_type', '=', 2)
    .where('del_flag', '=', 0)
    .orderBy('sort_no', 'asc')
    .execute();
  const allAuth = all
    .filter((r) => r.perms)
    .map((r) => ({ action: r.perms as string, status: r.status, type: r.perms_type, describe: r.name }));
  return { menu: buildMenuTree(rows), auth, allAuth };
}

/** The button codes alone (see Grants.codes). */
export const grantedPermissionCodes = async (db: Kysely<Database>, userId: string) => (await userGrants(db, userId)).codes;
