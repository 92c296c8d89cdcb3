// Migration 030: the position table with the default positions, and for databases seeded before 职务管理 and
// 通讯录 existed the entries, buttons and grants of a fresh seed (职务管理: admin; 通讯录: admin and teachers)
// and the position_rank dictionary: one seeded while the screens were planned, one where migration 007 hid them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { addPositionEntries, POSITION_SCREENS } from './030_positions.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const SCREENS = POSITION_SCREENS.map(([url]) => url);
const CODES = ['position:add', 'position:edit', 'position:del', 'position:export', 'position:import'];
/** The menu as seeded while the screens were planned. */
const beforeScreens = (defs: MenuDef[]): MenuDef[] =>
  defs.map((d) => ({ ...d, ...(SCREENS.includes(d.url) ? { planned: true as const } : {}), children: d.children && beforeScreens(d.children) }));

describe.each(dialects)('migration 030 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m030-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('creates the default positions, and a code is unique', async () => {
    const rows = await t.db.selectFrom('sys_position').select(['code', 'name', 'post_rank']).orderBy('code').execute();
    expect(rows.map((r) => [r.name, r.post_rank])).toEqual([
      ['助教', '2'],
      ['教务主任', '4'],
      ['校长', '5'],
      ['任课教师', '3'],
    ]);
    await expect(t.db.insertInto('sys_position').values({ id: 'dup', code: 'dean', name: '重复' }).execute()).rejects.toThrow();
  });

  it('a fresh seed offers 职务管理 and its buttons to the admin, 通讯录 to the admin and teachers, neither to students', () => {
    for (const url of SCREENS) expect(fresh.admin.menu, url).toContain(url);
    expect(fresh.admin.codes).toEqual(expect.arrayContaining(CODES));
    expect(fresh.teacher.menu).toContain('/isystem/addressList');
    expect(fresh.teacher.menu).not.toContain('/isystem/position');
    expect(fresh.teacher.codes.filter((c) => c.startsWith('position:'))).toEqual([]);
    expect(fresh.student1.menu.filter((p) => SCREENS.includes(p))).toEqual([]);
    expect(fresh.student1.codes.filter((c) => c.startsWith('position:'))).toEqual([]);
  });

  it('inserts the entries, buttons, grants and the 职级 dictionary into a database seeded while they were planned, and is idempotent', async () => {
    await replaceMenu(t.db, beforeScreens(BACK_OFFICE_MENU));
    const dict = await t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'position_rank').executeTakeFirstOrThrow();
    await t.db.deleteFrom('sys_dict_item').where('dict_id', '=', dict.id).execute();
    await t.db.deleteFrom('sys_dict').where('id', '=', dict.id).execute();
    expect((await menuState(t.db, 'admin')).menu.filter((p) => SCREENS.includes(p))).toEqual([]);
    expect((await menuState(t.db, 'teacher')).menu).not.toContain('/isystem/addressList');
    await addPositionEntries(t.db);
    await expectFreshMenus(t.db, fresh);
    const items = await t.db
      .selectFrom('sys_dict_item as i')
      .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
      .select(['i.item_value', 'i.item_text'])
      .where('d.dict_code', '=', 'position_rank')
      .orderBy('i.item_value')
      .execute();
    expect(items.map((i) => [i.item_value, i.item_text])).toEqual([['1', '员级'], ['2', '助级'], ['3', '中级'], ['4', '副高级'], ['5', '正高级']]);
    const rows = await permissionRows(t.db);
    const dicts = (await t.db.selectFrom('sys_dict').select('id').execute()).length;
    await addPositionEntries(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
    expect((await t.db.selectFrom('sys_dict').select('id').execute()).length).toBe(dicts);
  });

  it('brings back the entries where migration 007 hid them, with the grants they kept', async () => {
    await replaceMenu(t.db, BACK_OFFICE_MENU);
    const entries = (await t.db.selectFrom('sys_permission').select('id').where('url', 'in', SCREENS).execute()).map((e) => e.id);
    await t.db.updateTable('sys_permission').set({ del_flag: 1 }).where((eb) => eb.or([eb('id', 'in', entries), eb('parent_id', 'in', entries)])).execute();
    expect((await menuState(t.db, 'admin')).menu.filter((p) => SCREENS.includes(p))).toEqual([]);
    await addPositionEntries(t.db);
    await expectFreshMenus(t.db, fresh);
  });
});
