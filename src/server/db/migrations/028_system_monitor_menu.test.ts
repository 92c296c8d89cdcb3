// Databases seeded while 系统监控 was planned get its screens and the 强制退出 button, for the admin only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { MONITOR_SCREENS, up } from './028_system_monitor_menu.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const SCREENS = MONITOR_SCREENS.map(([url]) => url);
/** The menu as seeded while the 系统监控 group was planned (and had no 在线用户 entry). */
const beforeMonitor = (defs: MenuDef[]): MenuDef[] =>
  defs.map((d) => (d.url === '/monitor' ? { ...d, planned: true as const, children: d.children?.filter((k) => k.url !== '/monitor/online') } : d));

describe.each(dialects)('migration 028 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m028-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed offers every monitoring screen and 强制退出 to the admin, and none to teachers or students', () => {
    for (const url of SCREENS) expect(fresh.admin.menu, url).toContain(url);
    expect(fresh.admin.codes).toContain('online:forceLogout');
    for (const u of ['teacher', 'student1']) {
      expect(fresh[u].menu.filter((p) => p.startsWith('/monitor'))).toEqual([]);
      expect(fresh[u].codes).not.toContain('online:forceLogout');
    }
  });

  it('adds the group with its grants to a database seeded while it was planned, and is idempotent', async () => {
    await replaceMenu(t.db, beforeMonitor(BACK_OFFICE_MENU));
    expect((await menuState(t.db, 'admin')).menu.filter((p) => p.startsWith('/monitor'))).toEqual([]);
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
    const rows = await permissionRows(t.db);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
  });

  it('brings back the entries where migration 007 hid them', async () => {
    await replaceMenu(t.db, BACK_OFFICE_MENU);
    await t.db.updateTable('sys_permission').set({ del_flag: 1 }).where('url', 'in', ['/monitor', ...SCREENS]).execute();
    expect((await menuState(t.db, 'admin')).menu).not.toContain('/monitor/SystemInfo');
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
  });
});
