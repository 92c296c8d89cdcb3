// The user as the contract shows it (teaching-open's SysUser JSON without password and salt), and their departments.
import type { Kysely } from 'kysely';
import type { Database, SysDepart, SysUser } from '../db/schema.js';
import { userFields } from '../resources/users.js';
import { camel } from './serialize.js';

export type UserInfo = Record<string, unknown> & { id: string; username: string; realname: string };

/** Every sys_user column (aliased `u`) except the password hash and salt: what user lists may select. */
export const USER_COLUMNS = [
  'u.id',
  'u.username',
  'u.realname',
  'u.avatar',
  'u.birthday',
  'u.sex',
  'u.email',
  'u.phone',
  'u.org_code',
  'u.status',
  'u.del_flag',
  'u.work_no',
  'u.post',
  'u.school',
  'u.telephone',
  'u.user_identity',
  'u.create_by',
  'u.create_time',
  'u.update_by',
  'u.update_time',
] as const;

export async function memberDeparts(db: Kysely<Database>, userId: string): Promise<SysDepart[]> {
  return db
    .selectFrom('sys_depart as d')
    .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
    .selectAll('d')
    .where('ud.user_id', '=', userId)
    .orderBy('d.org_code')
    .execute();
}

export async function managedDepartIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_user_manage_depart').select('dep_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.dep_id);
}

export const departJson = (d: SysDepart) => camel(d);

/** SysUser JSON: every column camelCased, password and salt removed, departIds as the anchor's comma list. */
export async function userInfo(db: Kysely<Database>, user: SysUser): Promise<UserInfo> {
  const { password: _p, salt: _s, legacy_password: _l, ...rest } = user;
  const managed = await managedDepartIds(db, user.id);
  return {
    ...camel(rest),
    // True while the password was set by someone else (pages then send the user to change it first).
    needChangePassword: user.need_change_password === 1,
    departIds: managed.join(','),
    activitiSync: null,
    thirdId: null,
    thirdType: null,
  } as unknown as UserInfo;
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<SysUser | undefined> {
  return db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByUsername(db: Kysely<Database>, username: string): Promise<SysUser | undefined> {
  return db.selectFrom('sys_user').selectAll().where('username', '=', username).executeTakeFirst();
}

/** The 编码校验规则 the user API enforces on 工号 (seeded; a school may edit or delete it). */
export const WORK_NO_RULE = 'work_no';

/** The refusal when a role to hand out is not below the caller's own (admins: any). */
export const ROLE_DENIED = '权限不足，无法分配所选角色';

/** The account fields no two accounts share (unique indexes on sys_user). */
export const UNIQUE_FIELDS = [
  { key: 'username', column: 'username', label: userFields.rule('username').label },
  { key: 'email', column: 'email', label: userFields.rule('email').label },
  { key: 'phone', column: 'phone', label: userFields.rule('phone').label },
  { key: 'workNo', column: 'work_no', label: userFields.rule('workNo').label },
] as const;

/** The first unique field whose value another account (deleted ones too: the index covers them) holds. */
export async function duplicateOf(db: Kysely<Database>, values: Partial<Record<'username' | 'email' | 'phone' | 'workNo', string | null | undefined>>, exceptId?: string) {
  for (const f of UNIQUE_FIELDS) {
    const v = values[f.key];
    if (!v) continue;
    let q = db.selectFrom('sys_user').select(['id', 'del_flag']).where(f.column, '=', v);
    if (exceptId) q = q.where('id', '!=', exceptId);
    const hit = await q.executeTakeFirst();
    if (hit) return { field: f.key, message: `${f.label}已存在${hit.del_flag === 1 ? '（该用户在回收站中）' : ''}` };
  }
  return null;
}
