// A database seeded before 班级管理 had its 课程 button (depart:course): the migration adds it with the
// seed's grants (admin, teacher), once, and leaves a database that has it alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantedPermissionCodes } from '../../domain/permissions.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { up } from './012_depart_course_button.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(dialects)('migration 012 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const codesOf = async (username: string) =>
    grantedPermissionCodes(t.db, (await t.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id);
  const buttons = () => t.db.selectFrom('sys_permission').selectAll().where('perms', '=', 'depart:course').execute();

  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m012-'));
    await seedIfEmpty(t.db, { demoContent: true, filesDir });
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('leaves a database that has the button as it is', async () => {
    const before = await buttons();
    await up(t.db);
    expect(await buttons()).toEqual(before);
  });

  it('adds the button under 班级管理 with the admin and teacher grants, once', async () => {
    const [old] = await buttons();
    await t.db.deleteFrom('sys_role_permission').where('permission_id', '=', old.id).execute();
    await t.db.deleteFrom('sys_permission').where('id', '=', old.id).execute();
    expect(await codesOf('teacher')).not.toContain('depart:course');

    await up(t.db);
    await up(t.db);

    const added = await buttons();
    expect(added).toHaveLength(1);
    const parent = await t.db.selectFrom('sys_permission').select(['url', 'is_leaf']).where('id', '=', added[0].parent_id).executeTakeFirstOrThrow();
    expect(parent).toEqual({ url: '/isystem/departDetailList', is_leaf: 0 });
    expect(added[0]).toMatchObject({ name: '班级课程', menu_type: 2, del_flag: 0, status: '1' });
    expect(await codesOf('teacher')).toContain('depart:course');
    expect(await codesOf('admin')).toContain('depart:course');
    expect(await codesOf('student1')).not.toContain('depart:course');
    const grants = await t.db.selectFrom('sys_role_permission').select('role_id').where('permission_id', '=', added[0].id).execute();
    expect(grants).toHaveLength(2);
  });
});
