// Databases seeded before 前台菜单管理 existed end with the entry, its buttons and grants of a fresh seed: one
// seeded while the screen was planned, and one where migration 007 hid it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { up } from './020_front_menu_admin.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const SCREEN = '/teaching/menu';
/** The menu as seeded while the screen was planned (its buttons with it). */
const beforeScreen = (defs: MenuDef[]): MenuDef[] =>
  defs.map((d) => ({ ...d, ...(d.url === SCREEN ? { planned: true as const } : {}), children: d.children && beforeScreen(d.children) }));

describe.each(dialects)('migration 020 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m020-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed offers 前台菜单管理 and its buttons to the admin only', async () => {
    expect(fresh.admin.menu).toContain(SCREEN);
    expect(fresh.admin.codes).toEqual(expect.arrayContaining(['menu:add', 'menu:edit', 'menu:del']));
    for (const u of ['teacher', 'student1']) {
      expect(fresh[u].menu).not.toContain(SCREEN);
      expect(fresh[u].codes).not.toContain('menu:add');
    }
  });

  it('inserts the entry with its buttons and grants into a database seeded while it was planned, and is idempotent', async () => {
    await replaceMenu(t.db, beforeScreen(BACK_OFFICE_MENU));
    const before = await menuState(t.db, 'admin');
    expect(before.menu).not.toContain(SCREEN);
    expect(before.codes).not.toContain('menu:edit');
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
    const rows = await permissionRows(t.db);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
  });

  it('brings back the entry where migration 007 hid it, with the grants it kept', async () => {
    await replaceMenu(t.db, BACK_OFFICE_MENU);
    const entry = await t.db.selectFrom('sys_permission').select('id').where('url', '=', SCREEN).executeTakeFirstOrThrow();
    await t.db.updateTable('sys_permission').set({ del_flag: 1 }).where((eb) => eb.or([eb('id', '=', entry.id), eb('parent_id', '=', entry.id)])).execute();
    expect((await menuState(t.db, 'admin')).menu).not.toContain(SCREEN);
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
  });
});
