// Databases seeded before 数据迁移 existed get 系统管理 → 数据迁移 and its button 查看数据迁移报告, for the admin only, as a
// fresh seed has them; running it again changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { DATA_IMPORT_SCREENS, up } from './051_data_import_menu.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const URL = DATA_IMPORT_SCREENS[0][0];
/** The menu as seeded before the screen existed. */
const before = (defs: MenuDef[]): MenuDef[] => defs.filter((d) => d.url !== URL).map((d) => ({ ...d, ...(d.children ? { children: before(d.children) } : {}) }));

describe.each(dialects)('migration 051 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m051-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed offers 数据迁移 and its code to the admin only', () => {
    expect(fresh.admin.menu).toContain(URL);
    expect(fresh.admin.codes).toContain('importRun:view');
    for (const u of ['teacher', 'student1']) {
      expect(fresh[u].menu, u).not.toContain(URL);
      expect(fresh[u].codes, u).not.toContain('importRun:view');
    }
  });

  it('adds the entry and its button to a database seeded before it, and is idempotent', async () => {
    await replaceMenu(t.db, before(BACK_OFFICE_MENU));
    const admin = await menuState(t.db, 'admin');
    expect(admin.menu).not.toContain(URL);
    expect(admin.codes).not.toContain('importRun:view');
    const rows = await permissionRows(t.db);
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
    expect(await permissionRows(t.db)).toBe(rows + 2);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows + 2);
  });
});
