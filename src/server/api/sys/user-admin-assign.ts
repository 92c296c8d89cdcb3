// 用户管理's assignments: the roles, member classes, managed classes (负责班级) and positions a user body sets,
// checked against the caller's level and scope, and the link tables written from them.
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { ApiEnv } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../domain/ids.js';
import { isSuperUser, outranks } from '../../domain/sessions.js';
import { managedDepartIds, ROLE_DENIED } from '../../domain/users.js';
import { departsOutsideScope, orgCodeInScope, type UserScope } from '../../domain/user-scope.js';
import { fieldFail, type Answer } from '../envelope.js';
import type { UserFields } from './user-admin-fields.js';

type Ctx = Context<ApiEnv>;
type Db = Kysely<Database>;

const MANAGED_DENIED = '只有管理员可以设置负责班级';

/**
 * Checks what the body assigns: roles exist and are below the caller's level (any for admins; student by
 * default), departments exist and, for callers without the admin role, lie inside their scope; managed
 * departments are set by admins only (others may send the current ones back unchanged). `targetId` is the user
 * being edited (absent when adding). Returns the refusal response, or the lists to write (undefined = leave
 * unchanged on edit).
 */
export async function checkAssignment(
  c: Ctx,
  scope: UserScope,
  b: Pick<UserFields, 'selectedroles' | 'selecteddeparts' | 'departIds'>,
  targetId?: string,
): Promise<{ ok: false; response: Answer<never> } | { ok: true; roleIds?: string[]; memberIds?: string[]; managedIds?: string[] }> {
  const { db } = c.get('deps');
  const user = c.get('user')!;
  const adding = targetId === undefined;
  let roleIds = b.selectedroles;
  if (roleIds !== undefined || adding) {
    roleIds = [...new Set(roleIds ?? [])];
    if (!roleIds.length) {
      const student = await db.selectFrom('sys_role').select('id').where('role_code', '=', 'student').executeTakeFirst();
      roleIds = student ? [student.id] : [];
    } else {
      const roles = await db.selectFrom('sys_role').select(['id', 'role_level']).where('id', 'in', roleIds).execute();
      if (roles.length !== roleIds.length) return { ok: false, response: fieldFail(c, 'selectedroles', '所选角色不存在') };
      if (roles.some((r) => !outranks(user, r.role_level))) return { ok: false, response: fieldFail(c, 'selectedroles', ROLE_DENIED) };
    }
  }
  const checkDeparts = async (key: 'selecteddeparts' | 'departIds', ids: string[] | undefined) => {
    if (ids === undefined) return null;
    const { unknown, outside } = await departsOutsideScope(db, scope, [...new Set(ids)]);
    if (unknown.length) return fieldFail(c, key, '所选班级不存在');
    if (outside.length) return fieldFail(c, key, '只能选择您负责范围内的班级');
    return null;
  };
  const memberIds = b.selecteddeparts === undefined ? undefined : [...new Set(b.selecteddeparts)];
  const managedIds = b.departIds === undefined ? undefined : [...new Set(b.departIds)];
  // Managed classes are what a teacher's reach is made of: only an administrator hands them out.
  if (managedIds !== undefined && !isSuperUser(user)) {
    const current = new Set(targetId ? await managedDepartIds(db, targetId) : []);
    if (managedIds.length !== current.size || managedIds.some((id) => !current.has(id))) return { ok: false, response: fieldFail(c, 'departIds', MANAGED_DENIED) };
  }
  const bad = (await checkDeparts('selecteddeparts', memberIds)) ?? (await checkDeparts('departIds', managedIds));
  if (bad) return { ok: false, response: bad };
  // Someone without the admin role manages users through their classes: a user they create or keep must
  // belong to at least one of them, or it would vanish from their own list.
  if (!scope.all && (adding || memberIds !== undefined) && !(memberIds ?? []).length) {
    return { ok: false, response: fieldFail(c, 'selecteddeparts', '请选择所属班级') };
  }
  return { ok: true, roleIds, memberIds, managedIds };
}

/** The post column for the chosen position codes (in the order given), or the refusal when one does not exist. */
export async function postValue(db: Db, codes: string[] | undefined): Promise<{ ok: true; post?: string | null } | { ok: false; message: string }> {
  if (codes === undefined) return { ok: true };
  const unique = [...new Set(codes)];
  if (!unique.length) return { ok: true, post: null };
  const found = await db.selectFrom('sys_position').select('code').where('code', 'in', unique).execute();
  if (found.length !== unique.length) return { ok: false, message: '所选职务不存在' };
  return { ok: true, post: unique.join(',') };
}

/** Keeps the links of a department list the caller cannot see (outside their scope) when replacing it. */
export async function keepOutsideScope(db: Db, table: 'sys_user_depart' | 'sys_user_manage_depart', userId: string, scope: UserScope, chosen: string[]) {
  if (scope.all) return chosen;
  const linked = db.selectFrom(table).select('dep_id').where('user_id', '=', userId);
  const current = await db.selectFrom('sys_depart as d').select(['d.id', 'd.org_code']).where('d.id', 'in', linked).execute();
  const hidden = current.filter((d) => !orgCodeInScope(scope, d.org_code)).map((d) => d.id);
  return [...new Set([...chosen, ...hidden])];
}

export async function orgCodeOf(db: Db, departIds: string[]): Promise<string | null> {
  if (!departIds.length) return null;
  const rows = await db.selectFrom('sys_depart').select(['id', 'org_code']).where('id', 'in', departIds).execute();
  const byId = new Map(rows.map((r) => [r.id, r.org_code]));
  return byId.get(departIds[0]) ?? rows[0]?.org_code ?? null;
}

type Tx = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

export async function replaceLinks(tx: Tx, table: 'sys_user_role' | 'sys_user_depart' | 'sys_user_manage_depart', userId: string, ids: string[]) {
  await tx.deleteFrom(table).where('user_id', '=', userId).execute();
  if (!ids.length) return;
  if (table === 'sys_user_role') {
    await tx.insertInto('sys_user_role').values(ids.map((role_id) => ({ id: newId(), user_id: userId, role_id }))).execute();
  } else {
    await tx.insertInto(table).values(ids.map((dep_id) => ({ id: newId(), user_id: userId, dep_id }))).execute();
  }
}
