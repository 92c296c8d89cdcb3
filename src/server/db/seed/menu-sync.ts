// Brings screens built after a database was seeded into its menu: the seeded entries named by a migration
// (by url and component), with their route containers and buttons. A row migration 007 hid (del_flag 1) comes
// back with the grants it kept; a row the database never had is inserted with the seed's grants. Rows an
// administrator changed are left as they are; nothing outside the named entries is touched, so an entry an
// administrator deleted on purpose stays deleted unless a migration names it.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { newId } from '../../domain/ids.js';
import { now } from '../../domain/time.js';
import { buildPermissionSeed, SEED_ROLES, type SeedRoleCode } from './menus.js';

const menuKey = (url: string | null, component: string | null) => `${url ?? ''}\n${component ?? ''}`;

type Entries = readonly (readonly [string, string])[];

/**
 * The seed's menu for this database's roles, and the seed rows of the named entries (by url and component) with
 * their route containers and buttons; undefined when the database is not seeded yet (it gets the whole menu from
 * the seed) or the seed has none of the entries.
 */
async function seedRowsOf(db: Kysely<Database>, entries: Entries) {
  const anyUser = await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst();
  if (!anyUser) return undefined;

  const roles = await db.selectFrom('sys_role').select(['id', 'role_code']).execute();
  const roleIds = Object.fromEntries(SEED_ROLES.map((r) => [r.code, roles.find((x) => x.role_code === r.code)?.id ?? ''])) as Record<SeedRoleCode, string>;
  const seed = buildPermissionSeed(roleIds, now());
  const seedById = new Map(seed.permissions.map((p) => [p.id, p]));

  const wanted = new Set(entries.map(([u, c]) => menuKey(u, c)));
  const chosen = new Set<string>();
  for (const p of seed.permissions) {
    if (p.menu_type === 2 || !wanted.has(menuKey(p.url, p.component))) continue;
    for (let id: string | undefined = p.id; id; id = seedById.get(id)?.parent_id || undefined) chosen.add(id);
  }
  for (const p of seed.permissions) if (p.menu_type === 2 && chosen.has(p.parent_id)) chosen.add(p.id);
  return chosen.size ? { seed, seedById, chosen } : undefined;
}

export async function syncSeededEntries(db: Kysely<Database>, entries: Entries): Promise<void> {
  const rows = await seedRowsOf(db, entries);
  if (!rows) return;
  const { seed, chosen } = rows;

  const existing = await db.selectFrom('sys_permission').select(['id', 'parent_id', 'url', 'component', 'menu_type', 'perms', 'del_flag']).execute();
  const byMenu = new Map(existing.filter((r) => r.menu_type !== 2).map((r) => [menuKey(r.url, r.component), r]));
  const byCode = new Map(existing.filter((r) => r.menu_type === 2 && r.perms).map((r) => [r.perms as string, r]));

  // Seed rows come parents first, so a parent's database id is known before its children need it.
  const dbId = new Map<string, string>();
  const dbParent = new Map(existing.map((r) => [r.id, r.parent_id]));
  /** A role granted an entry is granted its containers too, so its menu tree stays connected. */
  const grantAncestors = async (id: string, roleIds: string[]) => {
    for (let p = dbParent.get(id); p; p = dbParent.get(p)) {
      const have = new Set((await db.selectFrom('sys_role_permission').select('role_id').where('permission_id', '=', p).execute()).map((g) => g.role_id));
      const missing = roleIds.filter((r) => !have.has(r));
      if (missing.length) await db.insertInto('sys_role_permission').values(missing.map((r) => ({ id: newId(), role_id: r, permission_id: p, data_rule_ids: null }))).execute();
    }
  };
  for (const p of seed.permissions) {
    if (!chosen.has(p.id)) continue;
    const parent = p.parent_id ? dbId.get(p.parent_id) : '';
    if (parent === undefined) continue;
    const found = p.menu_type === 2 ? byCode.get(p.perms ?? '') : byMenu.get(menuKey(p.url, p.component));
    if (found) {
      dbId.set(p.id, found.id);
      if (found.del_flag !== 0) await db.updateTable('sys_permission').set({ del_flag: 0 }).where('id', '=', found.id).execute();
    } else {
      dbId.set(p.id, p.id);
      dbParent.set(p.id, parent);
      await db.insertInto('sys_permission').values({ ...p, parent_id: parent }).execute();
      const grants = seed.rolePermissions.filter((g) => g.permission_id === p.id && g.role_id);
      const rules = seed.dataRules.filter((r) => r.permission_id === p.id);
      if (rules.length) await db.insertInto('sys_permission_data_rule').values(rules).execute();
      if (grants.length) await db.insertInto('sys_role_permission').values(grants).execute();
      await grantAncestors(p.id, grants.map((g) => g.role_id));
    }
    if (parent) await db.updateTable('sys_permission').set({ is_leaf: 0 }).where('id', '=', parent).execute();
  }
}

/**
 * Gives the seeded roles the grants a later seed adds to screens a database already has: for the named entries
 * (by url and component), their buttons and route containers, each grant of the seed that the database lacks
 * on a live row. Rows an administrator deleted stay without it; roles the database no longer has are skipped;
 * nothing is taken away. Grants the seed restricts with a data rule are not given here (a grant without its
 * rule would show more than the seed means to).
 */
export async function grantSeededEntries(db: Kysely<Database>, entries: Entries): Promise<void> {
  const rows = await seedRowsOf(db, entries);
  if (!rows) return;
  const { seed, seedById, chosen } = rows;

  const live = await db.selectFrom('sys_permission').select(['id', 'url', 'component', 'menu_type', 'perms']).where('del_flag', '=', 0).execute();
  const byMenu = new Map(live.filter((r) => r.menu_type !== 2).map((r) => [menuKey(r.url, r.component), r.id]));
  const byCode = new Map(live.filter((r) => r.menu_type === 2 && r.perms).map((r) => [r.perms as string, r.id]));
  for (const g of seed.rolePermissions) {
    const p = seedById.get(g.permission_id);
    if (!p || !chosen.has(p.id) || !g.role_id || g.data_rule_ids) continue;
    const id = p.menu_type === 2 ? byCode.get(p.perms ?? '') : byMenu.get(menuKey(p.url, p.component));
    if (!id) continue;
    const has = await db.selectFrom('sys_role_permission').select('id').where('role_id', '=', g.role_id).where('permission_id', '=', id).executeTakeFirst();
    if (!has) await db.insertInto('sys_role_permission').values({ id: newId(), role_id: g.role_id, permission_id: id, data_rule_ids: null }).execute();
  }
}
