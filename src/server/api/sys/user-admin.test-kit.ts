// The shared setup of the 用户管理 API tests (user-admin.test.ts, user-admin-lifecycle.test.ts): one test app per
// file with a second school the teacher has nothing to do with, the sessions the tests use, and helpers that show a
// refusal changed nothing. Its bindings are live: read them inside tests, after setUpUserAdmin()'s beforeAll.
import { afterAll, beforeAll, expect } from 'vitest';
import { newId } from '../../domain/ids.js';
import { hashPassword } from '../../domain/password.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';


export let t: TestApp;
export let admin: string;
export let teacher: string;
/** Student sessions opened up front, so refusal checks do not add sessions inside `unchanged`. */
export let student1: string;
export let student2: string;
export const ids: Record<string, string> = {};
export const departs: Record<string, string> = {};
export const roles: Record<string, string> = {};
export let otherSchoolStudent: string;

const departId = async (orgCode: string) => (await t.db.selectFrom('sys_depart').select('id').where('org_code', '=', orgCode).executeTakeFirstOrThrow()).id;

/** Everything the user endpoints may change, so a refusal can be shown to have changed nothing. */
async function snapshot() {
  const [users, userRoles, members, managed, sessions] = await Promise.all([
    t.db.selectFrom('sys_user').selectAll().orderBy('id').execute(),
    t.db.selectFrom('sys_user_role').select(['user_id', 'role_id']).orderBy('user_id').orderBy('role_id').execute(),
    t.db.selectFrom('sys_user_depart').select(['user_id', 'dep_id']).orderBy('user_id').orderBy('dep_id').execute(),
    t.db.selectFrom('sys_user_manage_depart').select(['user_id', 'dep_id']).orderBy('user_id').orderBy('dep_id').execute(),
    t.db.selectFrom('sys_session').select(['id']).orderBy('id').execute(),
  ]);
  return JSON.stringify({ users, userRoles, members, managed, sessions });
}

/** Runs the calls and asserts the user tables are exactly as before. */
export async function unchanged(run: () => Promise<void>) {
  const before = await snapshot();
  await run();
  expect(await snapshot()).toBe(before);
}

/** A user straight in the database (fast: no scrypt per test user unless a password is given). */
export async function makeUser(o: { username: string; realname?: string; identity?: number; role?: string; member?: string[]; manages?: string[]; password?: string; delFlag?: number; createTime?: string }) {
  const id = newId();
  await t.db
    .insertInto('sys_user')
    .values({
      id,
      username: o.username,
      realname: o.realname ?? o.username,
      password: o.password ? await hashPassword(o.password) : 'scrypt$invalid',
      user_identity: o.identity ?? 1,
      status: 1,
      del_flag: o.delFlag ?? 0,
      create_time: o.createTime ?? '2024-01-01 08:00:00',
    })
    .execute();
  if (o.role) await t.db.insertInto('sys_user_role').values({ id: newId(), user_id: id, role_id: roles[o.role] }).execute();
  for (const d of o.member ?? []) await t.db.insertInto('sys_user_depart').values({ id: newId(), user_id: id, dep_id: d }).execute();
  for (const d of o.manages ?? []) await t.db.insertInto('sys_user_manage_depart').values({ id: newId(), user_id: id, dep_id: d }).execute();
  ids[o.username] = id;
  return id;
}

export const usernames = (res: { body: { result: { records: { username: string }[] } } }) => res.body.result.records.map((r) => r.username).sort();

/** Registers the files' shared setup: a test app with a second school, and the sessions the tests use. */
export function setUpUserAdmin() {
beforeAll(async () => {
  t = await startTestApp();
  for (const r of await t.db.selectFrom('sys_role').select(['id', 'role_code']).execute()) roles[r.role_code] = r.id;
  for (const u of await t.db.selectFrom('sys_user').select(['id', 'username']).execute()) ids[u.username] = u.id;
  for (const code of ['A01', 'A01A01', 'A01A01A01', 'A01A01A02']) departs[code] = await departId(code);
  // A second school the teacher has nothing to do with.
  departs.A02 = newId();
  departs.A02A01 = newId();
  await t.db
    .insertInto('sys_depart')
    .values([
      { id: departs.A02, parent_id: '', depart_name: '阳光小学', org_code: 'A02', org_category: '1', org_type: '1' },
      { id: departs.A02A01, parent_id: departs.A02, depart_name: '一年级一班', org_code: 'A02A01', org_category: '3', org_type: '2' },
    ])
    .execute();
  otherSchoolStudent = await makeUser({ username: 'sunny1', realname: '阳光学生', role: 'student', member: [departs.A02A01] });
  admin = await t.login('admin');
  teacher = await t.login('teacher');
  student1 = await t.login('student1');
  student2 = await t.login('student2');
});

afterAll(async () => {
  await t?.close();
});
}
