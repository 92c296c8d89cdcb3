// Databases seeded before the screens of 在线报表 and 多数据源管理 existed get 在线开发 → 在线报表配置, 多数据源管理 and
// the sample report 各班作品统计 with its menu entry, for the admin only; running it again changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { REPORT_SCREENS, up } from './039_online_report_screens.js';
import { up as bringFormScreens } from './041_online_form_screens.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const URLS = ['/online', ...REPORT_SCREENS.map(([url]) => url)];
/** 在线表单开发 was planned too then (migration 041 brings it). */
const PLANNED = new Set([...REPORT_SCREENS.map(([url]) => url), '/online/cgform']);
/** The menu as seeded while these screens were planned. */
const before = (defs: MenuDef[]): MenuDef[] => defs.map((d) => (PLANNED.has(d.url) ? { ...d, planned: true as const } : { ...d, ...(d.children ? { children: before(d.children) } : {}) }));
const reportPaths = (menu: string[]) => menu.filter((p) => URLS.includes(p));

describe.each(dialects)('migration 039 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m039-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed offers the screens and the sample report to the admin only', async () => {
    expect(reportPaths(fresh.admin.menu).sort()).toEqual([...URLS].sort());
    for (const u of ['teacher', 'student1']) expect(reportPaths(fresh[u].menu), u).toEqual([]);
    expect(await t.db.selectFrom('onl_cgreport_head').select('name').where('code', '=', 'works_by_class').executeTakeFirst()).toEqual({ name: '各班作品统计' });
  });

  it('adds the entries and the sample report to a database seeded before them, and is idempotent', async () => {
    await replaceMenu(t.db, before(BACK_OFFICE_MENU));
    await t.db.deleteFrom('onl_cgreport_item').execute();
    await t.db.deleteFrom('onl_cgreport_param').execute();
    await t.db.deleteFrom('onl_cgreport_head').execute();
    // (Its 在线开发 container may be there already, holding an entry added since: the sample form's.)
    expect(reportPaths((await menuState(t.db, 'admin')).menu).filter((p) => PLANNED.has(p))).toEqual([]);
    await up(t.db);
    await bringFormScreens(t.db);
    await expectFreshMenus(t.db, fresh);
    const items = await t.db.selectFrom('onl_cgreport_item').select('field_name').orderBy('order_num').execute();
    expect(items.map((i) => i.field_name)).toEqual(['class_name', 'work_type', 'work_count', 'graded_count']);
    const rows = await permissionRows(t.db);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
    expect(await t.db.selectFrom('onl_cgreport_head').select('id').execute()).toHaveLength(1);
  });
});
