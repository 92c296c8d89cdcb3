// Grants: teaching-open's menu rows are not imported (Xuetang's menu is its own); each of its entries is matched
// to Xuetang's by path (menus) or permission code (buttons), and the role and department grants follow the
// match. An entry Xuetang has no counterpart for is listed in the report and its grants are not given.
import type { ImportContext, TablePlan, TargetRow } from './engine.js';
import { pushCapped } from './report.js';

const UNMAPPED = '学堂没有对应的菜单或按钮（见报告）';
const MEMO = 'xuetang-permissions';

interface OurPermissions {
  byUrl: Map<string, string>;
  byPerms: Map<string, string>;
  unmapped: Set<string>;
}

async function ourPermissions(ctx: ImportContext): Promise<OurPermissions> {
  let p = ctx.memo.get(MEMO) as OurPermissions | undefined;
  if (!p) {
    const rows = await ctx.db.selectFrom('sys_permission').select(['id', 'url', 'perms', 'menu_type']).where('del_flag', '=', 0).execute();
    p = { byUrl: new Map(), byPerms: new Map(), unmapped: new Set() };
    for (const r of rows) {
      if (r.menu_type === 2 && r.perms) p.byPerms.set(r.perms, r.id);
      else if (r.menu_type !== 2 && r.url) p.byUrl.set(normaliseUrl(r.url), r.id);
    }
    ctx.memo.set(MEMO, p);
  }
  return p;
}

/** teaching-open writes some paths with a trailing slash or query; the path itself is what names a screen. */
const normaliseUrl = (url: string) => url.trim().replace(/\/+$/, '') || '/';

export const permissionPlan: TablePlan = {
  source: 'sys_permission',
  target: 'sys_permission',
  label: '菜单权限（对应到学堂的菜单）',
  async map(_row, src, ctx) {
    const ours = await ourPermissions(ctx);
    const id = String(src.id);
    const url = src.url ? String(src.url) : '';
    const perms = src.perms ? String(src.perms) : '';
    const match = Number(src.menu_type) === 2 ? (perms ? ours.byPerms.get(perms) : undefined) : url ? ours.byUrl.get(normaliseUrl(url)) : undefined;
    if (!match) {
      ours.unmapped.add(id);
      if (Number(src.del_flag ?? 0) !== 1) pushCapped(ctx.report.unmappedMenus, { name: String(src.name ?? ''), url, perms });
      return { skip: UNMAPPED };
    }
    let ids = ctx.idMap.get('sys_permission');
    if (!ids) ctx.idMap.set('sys_permission', (ids = new Map()));
    ids.set(id, match);
    // Only the id: the engine finds Xuetang's row and, nothing to compare, counts it as matched (未变).
    return { id: match };
  },
};

/** A grant row whose permission was not matched is skipped with the same reason the menu entry was. */
const grant = (plan: TablePlan): TablePlan => ({
  ...plan,
  async map(row: TargetRow, src, ctx) {
    const ours = await ourPermissions(ctx);
    if (ours.unmapped.has(String(src.permission_id))) return { skip: UNMAPPED };
    return row;
  },
});

export const grantPlans: TablePlan[] = [
  grant({
    source: 'sys_role_permission',
    target: 'sys_role_permission',
    label: '角色授权',
    natural: ['role_id', 'permission_id'],
    refs: { role_id: 'sys_role', permission_id: 'sys_permission' },
    requires: { role_id: 'sys_role', permission_id: 'sys_permission' },
  }),
  grant({
    source: 'sys_permission_data_rule',
    target: 'sys_permission_data_rule',
    label: '数据权限规则',
    refs: { permission_id: 'sys_permission' },
    requires: { permission_id: 'sys_permission' },
  }),
  grant({
    source: 'sys_depart_permission',
    target: 'sys_depart_permission',
    label: '部门授权',
    natural: ['depart_id', 'permission_id'],
    refs: { depart_id: 'sys_depart', permission_id: 'sys_permission' },
    requires: { depart_id: 'sys_depart', permission_id: 'sys_permission' },
  }),
  {
    source: 'sys_depart_role',
    target: 'sys_depart_role',
    label: '部门角色',
    natural: ['depart_id', 'role_code'],
    refs: { depart_id: 'sys_depart' },
    requires: { depart_id: 'sys_depart' },
  },
  grant({
    source: 'sys_depart_role_permission',
    target: 'sys_depart_role_permission',
    label: '部门角色授权',
    natural: ['role_id', 'permission_id'],
    refs: { depart_id: 'sys_depart', role_id: 'sys_depart_role', permission_id: 'sys_permission' },
    requires: { role_id: 'sys_depart_role', permission_id: 'sys_permission' },
  }),
  {
    source: 'sys_depart_role_user',
    target: 'sys_depart_role_user',
    label: '部门角色用户',
    natural: ['user_id', 'drole_id'],
    refs: { user_id: 'sys_user', drole_id: 'sys_depart_role' },
    requires: { user_id: 'sys_user', drole_id: 'sys_depart_role' },
  },
];
