// Databases seeded while 开发示例 was planned get its 表单页, 列表页 and 异常页 entries, for the admin only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { GALLERY_SCREENS, up } from './033_dev_gallery_menu.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const SCREENS = GALLERY_SCREENS.map(([url]) => url);
const GROUPS = ['/demo', '/form', '/list', '/exception'];
/** The menu as seeded while the 开发示例 group was planned. */
const beforeGallery = (defs: MenuDef[]): MenuDef[] => defs.map((d) => (d.url === '/demo' ? { ...d, planned: true as const } : d));
const galleryPaths = (menu: string[]) => menu.filter((p) => [...GROUPS, ...SCREENS].includes(p));

describe.each(dialects)('migration 033 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m033-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed offers the gallery and the exception pages to the admin only, without 用户页', () => {
    expect(galleryPaths(fresh.admin.menu).sort()).toEqual([...GROUPS, ...SCREENS].sort());
    expect(fresh.admin.menu).not.toContain('/userPages');
    expect(fresh.admin.menu).not.toContain('/user/register');
    for (const u of ['teacher', 'student1']) expect(galleryPaths(fresh[u].menu), u).toEqual([]);
  });

  it('adds the entries with their grants to a database seeded while they were planned, and is idempotent', async () => {
    await replaceMenu(t.db, beforeGallery(BACK_OFFICE_MENU));
    expect(galleryPaths((await menuState(t.db, 'admin')).menu)).toEqual([]);
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
    const rows = await permissionRows(t.db);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
  });

  it('brings back the entries where migration 007 hid them, and leaves 用户页 hidden', async () => {
    await replaceMenu(t.db, BACK_OFFICE_MENU);
    await t.db.updateTable('sys_permission').set({ del_flag: 1 }).where('url', 'in', [...GROUPS, ...SCREENS]).execute();
    expect((await menuState(t.db, 'admin')).menu).not.toContain('/form/base-form');
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
  });
});
