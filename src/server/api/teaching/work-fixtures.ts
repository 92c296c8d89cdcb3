// Test fixtures for the works API tests: stored files owned by a user, extra classes, students and teachers.
import { newId } from '../../domain/ids.js';
import { now } from '../../domain/time.js';
import type { TestApp } from '../../../../test/harness.js';

/** A stored file (in the app's store and in sys_file) uploaded by `username`; returns its sys_file id and key. */
export async function storedFile(t: TestApp, username: string, ext = 'sb3'): Promise<{ id: string; key: string }> {
  const id = newId();
  const key = `project3/${id}.${ext}`;
  await t.deps.storage.put(key, Buffer.from('PK\u0003\u0004test'));
  await t.db
    .insertInto('sys_file')
    .values({ id, file_type: 2, file_name: `${id}.${ext}`, file_path: key, file_location: 1, file_tag: 'project3', mime_type: 'application/zip', file_size: 8, del_flag: 0, create_by: username, create_time: now() })
    .execute();
  return { id, key };
}

export const fileExists = async (t: TestApp, key: string) => !!(await t.deps.storage.stat(key));

/** Grants button codes (creating their sys_permission rows when the seed has none, e.g. planned screens) to roles. */
export async function grantCodes(t: TestApp, roleCodes: string[], codes: string[]) {
  for (const code of codes) {
    let perm = await t.db.selectFrom('sys_permission').select('id').where('perms', '=', code).executeTakeFirst();
    if (!perm) {
      perm = { id: newId() };
      await t.db
        .insertInto('sys_permission')
        .values({ id: perm.id, parent_id: '', name: code, url: null, menu_type: 2, perms: code, perms_type: '1', sort_no: 1, is_leaf: 1, status: '1', del_flag: 0 } as never)
        .execute();
    }
    for (const rc of roleCodes) {
      const role = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', rc).executeTakeFirstOrThrow();
      const has = await t.db.selectFrom('sys_role_permission').select('id').where('role_id', '=', role.id).where('permission_id', '=', perm.id).executeTakeFirst();
      if (!has) await t.db.insertInto('sys_role_permission').values({ id: newId(), role_id: role.id, permission_id: perm.id, data_rule_ids: null }).execute();
    }
  }
}

/** A new class under 一年级 (or another parent) with an org code of its own; returns its id. */
export async function addClass(t: TestApp, name: string, parentName: string, orgCode: string): Promise<string> {
  const parent = await t.db.selectFrom('sys_depart').select('id').where('depart_name', '=', parentName).executeTakeFirstOrThrow();
  const id = newId();
  await t.db
    .insertInto('sys_depart')
    .values({ id, parent_id: parent.id, depart_name: name, org_code: orgCode, org_category: '3', depart_order: 9, del_flag: '0', create_time: now() } as never)
    .execute();
  return id;
}

/** A user with a role, member of `memberOf` and managing `manages`; returns the user id. */
export async function addUser(t: TestApp, username: string, realname: string, roleCode: string, memberOf: string[], manages: string[] = []): Promise<string> {
  const admin = await t.db.selectFrom('sys_user').select('password').where('username', '=', 'student1').executeTakeFirstOrThrow();
  const id = newId();
  await t.db
    .insertInto('sys_user')
    .values({ id, username, realname, password: admin.password, status: 1, del_flag: 0, user_identity: roleCode === 'teacher' ? 2 : 1, create_time: now() } as never)
    .execute();
  const role = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', roleCode).executeTakeFirstOrThrow();
  await t.db.insertInto('sys_user_role').values({ id: newId(), user_id: id, role_id: role.id } as never).execute();
  for (const d of memberOf) await t.db.insertInto('sys_user_depart').values({ id: newId(), user_id: id, dep_id: d }).execute();
  for (const d of manages) await t.db.insertInto('sys_user_manage_depart').values({ id: newId(), user_id: id, dep_id: d }).execute();
  return id;
}
