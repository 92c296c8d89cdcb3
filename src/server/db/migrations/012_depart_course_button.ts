// The 课程 tab of 班级管理 is guarded by the button permission `depart:course` (班级课程), which the seed
// declares under 班级管理 and grants to admins and teachers. Databases seeded before it existed have no such
// button, so nobody could assign courses to classes there. This adds it, with those two grants, under the
// seeded 班级管理 entry. Idempotent: a database that has the code (even deleted by an administrator, who
// meant it) or has no 班级管理 entry is left as it is; a grant a role already has is not added twice.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

const CODE = 'depart:course';
const newId = () => randomBytes(16).toString('hex');
const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

export async function up(db: Kysely<any>): Promise<void> {
  if (await db.selectFrom('sys_permission').select('id').where('perms', '=', CODE).executeTakeFirst()) return;
  const parent = await db
    .selectFrom('sys_permission')
    .select('id')
    .where('url', '=', '/isystem/departDetailList')
    .where('component', '=', 'system/DepartList')
    .where('del_flag', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  if (!parent) return;
  const siblings = await db.selectFrom('sys_permission').select('sort_no').where('parent_id', '=', parent.id).where('menu_type', '=', 2).execute();
  const id = newId();
  await db
    .insertInto('sys_permission')
    .values({
      id,
      parent_id: parent.id,
      name: '班级课程',
      url: null,
      component: null,
      component_name: null,
      redirect: null,
      menu_type: 2,
      perms: CODE,
      perms_type: '1',
      sort_no: Math.max(0, ...siblings.map((s) => Number(s.sort_no))) + 1,
      always_show: 0,
      icon: null,
      is_route: 0,
      is_leaf: 1,
      keep_alive: 0,
      hidden: 0,
      description: null,
      del_flag: 0,
      rule_flag: 0,
      status: '1',
      internal_or_external: 0,
      create_by: 'admin',
      create_time: stamp(),
      update_by: null,
      update_time: null,
    })
    .execute();
  await db.updateTable('sys_permission').set({ is_leaf: 0 }).where('id', '=', parent.id).execute();
  // The seed's grants: admins and teachers (teachers for the classes they manage; the API checks scope).
  const roles = await db.selectFrom('sys_role').select(['id', 'role_code']).where('role_code', 'in', ['admin', 'teacher']).execute();
  for (const role of roles) {
    await db.insertInto('sys_role_permission').values({ id: newId(), role_id: role.id, permission_id: id, data_rule_ids: null }).execute();
  }
}

/** Nothing to undo safely: the button may have been granted to other roles since. */
export async function down(): Promise<void> {}
