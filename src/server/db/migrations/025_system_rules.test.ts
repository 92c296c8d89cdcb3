// Databases seeded before 分类字典 and 数据规则 existed end with both entries, their buttons and grants of a
// fresh seed (one seeded while they were planned, one where migration 007 hid them), and with the A03 素材库标签
// tree the Scratch asset tags now come from — added once, never over an existing A03.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { up } from './025_system_rules.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const SCREENS = ['/isystem/permissionDataRule', '/isys/category'];
const CODES = ['category:add', 'category:edit', 'category:del', 'category:export', 'category:import', 'datarule:add', 'datarule:edit', 'datarule:del', 'datarule:export'];
/** The menu as seeded while the screens were planned (their buttons with them). */
const beforeScreens = (defs: MenuDef[]): MenuDef[] =>
  defs.map((d) => ({ ...d, ...(SCREENS.includes(d.url) ? { planned: true as const } : {}), children: d.children && beforeScreens(d.children) }));

describe.each(dialects)('migration 025 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  const categories = () => t.db.selectFrom('sys_category').select(['code', 'name', 'item_value', 'has_child']).orderBy('code').execute();
  let freshTree: Awaited<ReturnType<typeof categories>>;
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m025-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
    freshTree = await categories();
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed offers both screens and their buttons to the admin only, and the A03 tags', async () => {
    for (const s of SCREENS) expect(fresh.admin.menu).toContain(s);
    expect(fresh.admin.codes).toEqual(expect.arrayContaining(CODES));
    for (const u of ['teacher', 'student1']) {
      for (const s of SCREENS) expect(fresh[u].menu).not.toContain(s);
      for (const code of CODES) expect(fresh[u].codes).not.toContain(code);
    }
    expect(freshTree.filter((r) => r.code.length === 9)).toHaveLength(26);
    expect(freshTree.slice(0, 2)).toEqual([
      { code: 'A03', name: '素材库标签', item_value: null, has_child: '1' },
      { code: 'A03A01', name: '背景', item_value: null, has_child: '1' },
    ]);
  });

  it('inserts the entries and the A03 tree into a database seeded while they were planned, and is idempotent', async () => {
    await replaceMenu(t.db, beforeScreens(BACK_OFFICE_MENU));
    await t.db.deleteFrom('sys_category').execute();
    expect((await menuState(t.db, 'admin')).menu).not.toContain('/isys/category');
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
    expect(await categories()).toEqual(freshTree);
    const rows = await permissionRows(t.db);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
    expect(await categories()).toEqual(freshTree);
  });

  it('leaves an A03 tree the school already edited as it is', async () => {
    await t.db.updateTable('sys_category').set({ name: '我们的标签' }).where('code', '=', 'A03').execute();
    await t.db.deleteFrom('sys_category').where('code', '=', 'A03A02A09').execute();
    await up(t.db);
    const tree = await categories();
    expect(tree.find((r) => r.code === 'A03')?.name).toBe('我们的标签');
    expect(tree.some((r) => r.code === 'A03A02A09')).toBe(false);
  });

  it('brings back the entries where migration 007 hid them, with the grants they kept', async () => {
    await replaceMenu(t.db, BACK_OFFICE_MENU);
    const entries = await t.db.selectFrom('sys_permission').select('id').where('url', 'in', SCREENS).execute();
    const ids = entries.map((e) => e.id);
    await t.db.updateTable('sys_permission').set({ del_flag: 1 }).where((eb) => eb.or([eb('id', 'in', ids), eb('parent_id', 'in', ids)])).execute();
    expect((await menuState(t.db, 'admin')).menu).not.toContain('/isystem/permissionDataRule');
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
  });
});
