// Databases seeded before 文件管理, OSS文件 and 数据日志 existed get them (admin only, with file:upload and file:del),
// OSS文件 under 系统管理 even where an older seed left it under the hidden 开发示例 group; sys_data_log exists.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { FILE_SCREENS, up } from './026_files_data_log.js';
import { up as bringDevGallery } from './033_dev_gallery_menu.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const SCREENS = FILE_SCREENS.map(([url]) => url);

/** The menu as seeded before: 文件管理 and 数据日志 planned, OSS文件 under 开发示例 (`demoPlanned`: that group too). */
function beforeFiles(defs: MenuDef[], demoPlanned: boolean): MenuDef[] {
  const oss = defs.find((d) => d.url === '/isystem')!.children!.find((d) => d.url === '/oss/file')!;
  return defs.map((d) => {
    if (d.url === '/isystem') {
      return {
        ...d,
        children: d.children!.filter((k) => k.url !== '/oss/file').map((k) => (k.url === '/isystem/file' || k.url === '/sys/dataLog-list' ? { ...k, planned: true as const } : k)),
      };
    }
    if (d.url === '/demo') return { ...d, planned: demoPlanned ? (true as const) : undefined, children: [...d.children!, oss] };
    return d;
  });
}

describe.each(dialects)('migration 026 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m026-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed offers the three screens and their buttons to the administrator only, and has sys_data_log', async () => {
    for (const s of SCREENS) expect(fresh.admin.menu).toContain(s);
    expect(fresh.admin.codes).toEqual(expect.arrayContaining(['file:upload', 'file:del', 'datalog:view']));
    for (const u of ['teacher', 'student1']) {
      for (const s of SCREENS) expect(fresh[u].menu).not.toContain(s);
      expect(fresh[u].codes).not.toContain('file:del');
      expect(fresh[u].codes).not.toContain('datalog:view');
    }
    expect(await t.db.selectFrom('sys_data_log').select('id').execute()).toEqual([]);
  });

  it('inserts the entries into a database seeded while they were planned, and is idempotent', async () => {
    await replaceMenu(t.db, beforeFiles(BACK_OFFICE_MENU, true));
    for (const s of SCREENS) expect((await menuState(t.db, 'admin')).menu).not.toContain(s);
    await up(t.db);
    await bringDevGallery(t.db); // 开发示例 came later (033)
    await expectFreshMenus(t.db, fresh);
    const rows = await permissionRows(t.db);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
  });

  it('moves an OSS文件 row hidden under 开发示例 to 系统管理 and brings it back', async () => {
    await replaceMenu(t.db, beforeFiles(BACK_OFFICE_MENU, false));
    const demo = await t.db.selectFrom('sys_permission').select('id').where('url', '=', '/demo').executeTakeFirstOrThrow();
    const under = await t.db.selectFrom('sys_permission').select('id').where('parent_id', '=', demo.id).execute();
    await t.db.updateTable('sys_permission').set({ del_flag: 1 }).where('id', 'in', [demo.id, ...under.map((r) => r.id)]).execute();
    const ossBefore = await t.db.selectFrom('sys_permission').select('id').where('url', '=', '/oss/file').executeTakeFirstOrThrow();
    await up(t.db);
    await bringDevGallery(t.db); // 开发示例 came later (033)
    await expectFreshMenus(t.db, fresh);
    const oss = await t.db.selectFrom('sys_permission').select(['id', 'parent_id', 'del_flag']).where('url', '=', '/oss/file').execute();
    expect(oss).toHaveLength(1);
    expect(oss[0].id).toBe(ossBefore.id);
    const system = await t.db.selectFrom('sys_permission').select('id').where('url', '=', '/isystem').executeTakeFirstOrThrow();
    expect(oss[0]).toMatchObject({ parent_id: system.id, del_flag: 0 });
  });
});
