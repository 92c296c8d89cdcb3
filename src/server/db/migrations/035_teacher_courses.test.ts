// Databases seeded while 课程管理 was the admin's alone get its screens and buttons for the teacher role.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { up } from './035_teacher_courses.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const CODES = ['course:add', 'course:edit', 'course:del', 'unit:add', 'unit:edit', 'unit:del'];
const SCREENS = ['/course', '/course/course', '/course/courseUnit'];

/** The menu as seeded while only admins had 课程管理 (no grants on it or its buttons). */
function adminOnlyCourses(defs: MenuDef[]): MenuDef[] {
  return defs.map((d) => {
    if (d.url !== '/course') return d;
    const { grant: _g, ...rest } = d;
    return { ...rest, children: d.children!.map(({ grant: _c, ...c }) => ({ ...c, buttons: c.buttons?.map(({ grant: _b, ...b }) => b) })) };
  });
}

describe.each(dialects)('migration 035 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  const grantRows = async () => Number((await t.db.selectFrom('sys_role_permission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m035-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed gives teachers 课程管理 with its add/edit/delete buttons, students nothing of it', () => {
    expect(fresh.teacher.menu).toEqual(expect.arrayContaining(SCREENS));
    expect(fresh.teacher.codes).toEqual(expect.arrayContaining(CODES));
    expect(fresh.student1.menu.filter((p) => SCREENS.includes(p))).toEqual([]);
    expect(fresh.student1.codes.filter((c) => CODES.includes(c))).toEqual([]);
  });

  it('grants them to the teacher role of a database seeded before, and is idempotent', async () => {
    await replaceMenu(t.db, adminOnlyCourses(BACK_OFFICE_MENU));
    const before = await menuState(t.db, 'teacher');
    expect(before.menu.filter((p) => SCREENS.includes(p))).toEqual([]);
    expect(before.codes.filter((c) => CODES.includes(c))).toEqual([]);
    const rows = await permissionRows(t.db);
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
    expect(await permissionRows(t.db)).toBe(rows);
    const grants = await grantRows();
    await up(t.db);
    expect(await grantRows()).toBe(grants);
  });

  it('leaves a screen an administrator deleted without the grant', async () => {
    await replaceMenu(t.db, adminOnlyCourses(BACK_OFFICE_MENU));
    await t.db.updateTable('sys_permission').set({ del_flag: 1 }).where('url', '=', '/course/courseUnit').execute();
    await up(t.db);
    const unitScreen = await t.db.selectFrom('sys_permission').select('id').where('url', '=', '/course/courseUnit').executeTakeFirstOrThrow();
    const teacherRole = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('sys_role_permission').select('id').where('permission_id', '=', unitScreen.id).where('role_id', '=', teacherRole.id).executeTakeFirst()).toBeUndefined();
    expect((await menuState(t.db, 'teacher')).menu).toContain('/course/course');
  });
});
