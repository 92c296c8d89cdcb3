// The user as the contract shows it (teaching-open's SysUser JSON without password and salt), and their departments.
import type { Kysely } from 'kysely';
import type { Database, SysDepart, SysUser } from '../db/schema.js';
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
  const { password: _p, salt: _s, ...rest } = user;
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
