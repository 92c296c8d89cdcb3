// 仪表盘 (分析页, 监控页, 工作台) shows the school's own figures now and sits at the top level after 首页, no longer
// under 开发示例 where teaching-open had it. Databases seeded while it was planned get the entries with the seed's
// grants (分析页 and 工作台 for teachers too, 监控页 the admin's only). Where migration 007 hid teaching-open's rows
// under 开发示例, the container moves to the top level and the rows come back with the seed's grants added to
// those they kept (teaching-open granted the demo pages to no role but the admin).
import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { syncSeededEntries } from '../seed/menu-sync.js';
import { buildPermissionSeed, SEED_ROLES, type SeedRoleCode } from '../seed/menus.js';

const ROUTE_VIEW = 'layouts/RouteView';
const CONTAINER: readonly [string, string] = ['/dashboard', ROUTE_VIEW];

export const DASHBOARD_SCREENS: readonly (readonly [string, string])[] = [
  ['/dashboard/analysis', 'dashboard/Analysis'],
  ['/dashboard/monitor', 'dashboard/Monitor'],
  ['/dashboard/workplace', 'dashboard/Workplace'],
];

export async function up(db: Kysely<any>): Promise<void> {
  const anyUser = await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst();
  if (!anyUser) return;
  const keyOf = (url: string | null, component: string | null) => `${url ?? ''}\n${component ?? ''}`;
  const wanted = new Set([CONTAINER, ...DASHBOARD_SCREENS].map(([u, c]) => keyOf(u, c)));
  const rows: { id: string; parent_id: string | null; url: string | null; component: string | null; del_flag: number }[] = await db
    .selectFrom('sys_permission')
    .select(['id', 'parent_id', 'url', 'component', 'del_flag'])
    .where('menu_type', '<>', 2)
    .where('url', 'in', ['/demo', ...[CONTAINER, ...DASHBOARD_SCREENS].map(([u]) => u)])
    .execute();
  const ours = rows.filter((r) => wanted.has(keyOf(r.url, r.component)));
  // Rows hidden by 007 (or never seeded) get the seed's grants; live rows keep what the school made of them.
  const hidden = new Set(ours.filter((r) => r.del_flag !== 0).map((r) => r.id));
  const demo = new Set(rows.filter((r) => r.url === '/demo' && r.component === ROUTE_VIEW).map((r) => r.id));
  const seedSort = 0.5;
  for (const r of ours) {
    if (hidden.has(r.id) && r.url === CONTAINER[0] && r.component === ROUTE_VIEW && r.parent_id && demo.has(r.parent_id)) {
      await db.updateTable('sys_permission').set({ parent_id: '', menu_type: 0, sort_no: seedSort }).where('id', '=', r.id).execute();
    }
  }

  await syncSeededEntries(db, DASHBOARD_SCREENS);
  if (!hidden.size) return;

  const roles = await db.selectFrom('sys_role').select(['id', 'role_code']).execute();
  const roleIds = Object.fromEntries(SEED_ROLES.map((r) => [r.code, roles.find((x) => x.role_code === r.code)?.id ?? ''])) as Record<SeedRoleCode, string>;
  const seed = buildPermissionSeed(roleIds, '2026-01-01 00:00:00');
  for (const r of ours) {
    if (!hidden.has(r.id)) continue;
    const seeded = seed.permissions.find((p) => p.menu_type !== 2 && p.url === r.url && p.component === r.component);
    if (!seeded) continue;
    const should = seed.rolePermissions.filter((g) => g.permission_id === seeded.id && g.role_id).map((g) => g.role_id);
    const have = new Set((await db.selectFrom('sys_role_permission').select('role_id').where('permission_id', '=', r.id).execute()).map((g: { role_id: string }) => g.role_id));
    const missing = should.filter((roleId) => !have.has(roleId));
    if (missing.length) await db.insertInto('sys_role_permission').values(missing.map((roleId) => ({ id: randomBytes(16).toString('hex'), role_id: roleId, permission_id: r.id, data_rule_ids: null }))).execute();
  }
}

/** Nothing to undo safely: the rows may have been edited or granted further since. */
export async function down(): Promise<void> {}
