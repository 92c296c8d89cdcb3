// 仪表盘 at the top level: a fresh seed grants 分析页 and 工作台 to teachers and 监控页 to the admin only; a database
// seeded while 仪表盘 was planned under 开发示例 gets the entries, and one that held teaching-open's whole menu (then
// hidden by 007) gets its rows moved out of 开发示例 with the seed's grants — both end with a fresh seed's menus.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState, oldSeedMenu } from './menu-sync.test-kit.js';
import { up as hideUnbuilt } from './007_hide_unbuilt_menus.js';
import { up as bringTeachingScreens } from './014_teaching_screens.js';
import { up as bringScratchEditor } from './018_scratch_editor_menu.js';
import { up as bringFrontMenuAdmin } from './020_front_menu_admin.js';
import { up as bringSystemRules } from './025_system_rules.js';
import { up as bringFileScreens } from './026_files_data_log.js';
import { addQuartzEntries as bringQuartzJobs } from './027_scheduled_jobs.js';
import { up as bringSystemMonitor } from './028_system_monitor_menu.js';
import { addCodeRuleEntries as bringCodeRules } from './029_code_rules.js';
import { addPositionEntries as bringPositions } from './030_positions.js';
import { addMessageEntries as bringMessageCentre } from './031_message_centre.js';
import { up } from './032_dashboard_menu.js';
import { up as bringDevGallery } from './033_dev_gallery_menu.js';
import { up as bringReportScreens } from './039_online_report_screens.js';
import { up as bringFormScreens } from './041_online_form_screens.js';
import { up as bringSampleFormScreen } from './044_sample_form_screen.js';
import { up as bringCodeEditors } from './050_code_editor_menus.js';
import { up as bringDataImport } from './051_data_import_menu.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const DASH = ['/dashboard', '/dashboard/analysis', '/dashboard/monitor', '/dashboard/workplace'];
const strip = ({ grant: _g, sort: _s, ...d }: MenuDef): MenuDef => ({ ...d, children: d.children?.map(strip) });
/** The menu as declared before: 仪表盘 the first entry of 开发示例 (planned), granted to nobody but the admin. */
const underDemo = (defs: MenuDef[]): MenuDef[] => {
  const dash = defs.find((d) => d.url === '/dashboard')!;
  return defs.filter((d) => d !== dash).map((d) => (d.url === '/demo' ? { ...d, planned: true as const, children: [strip(dash), ...(d.children ?? [])] } : d));
};

describe.each(dialects)('migration 032 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m032-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed offers 分析页 and 工作台 to teachers, 监控页 to the admin only, and nothing of it to students', () => {
    for (const url of DASH) expect(fresh.admin.menu, url).toContain(url);
    expect(fresh.teacher.menu.filter((p) => p.startsWith('/dashboard/') && p !== '/dashboard/index').sort()).toEqual(['/dashboard/analysis', '/dashboard/workplace']);
    expect(fresh.student1.menu.filter((p) => p.startsWith('/dashboard') && p !== '/dashboard/index')).toEqual([]);
  });

  it('adds the entries with their grants to a database seeded while they were planned, and is idempotent', async () => {
    await replaceMenu(t.db, underDemo(BACK_OFFICE_MENU));
    expect((await menuState(t.db, 'admin')).menu).not.toContain('/dashboard/analysis');
    await up(t.db);
    await bringDevGallery(t.db); // the rest of 开发示例 came later (033)
    await bringReportScreens(t.db);
    await bringFormScreens(t.db);
    await bringSampleFormScreen(t.db);
    await bringDataImport(t.db);
    await expectFreshMenus(t.db, fresh);
    const rows = await permissionRows(t.db);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
  });

  it('moves teaching-open\'s rows out of 开发示例 after 007 hid them, with the seed\'s grants', async () => {
    await replaceMenu(t.db, oldSeedMenu(underDemo(BACK_OFFICE_MENU)));
    const demo = await t.db.selectFrom('sys_permission').select('id').where('url', '=', '/demo').executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('sys_permission').select('parent_id').where('url', '=', '/dashboard').executeTakeFirstOrThrow()).toEqual({ parent_id: demo.id });
    await hideUnbuilt(t.db);
    for (const bring of [bringTeachingScreens, bringScratchEditor, bringFrontMenuAdmin, bringSystemRules, bringFileScreens, bringQuartzJobs, bringSystemMonitor, bringCodeRules, bringPositions, bringMessageCentre]) await bring(t.db);
    expect((await menuState(t.db, 'teacher')).menu).not.toContain('/dashboard/workplace');
    const rows = await permissionRows(t.db);
    await up(t.db);
    // The same rows, moved: nothing inserted, 开发示例 stays hidden until 033 brings the gallery.
    expect(await permissionRows(t.db)).toBe(rows);
    expect(await t.db.selectFrom('sys_permission').select(['parent_id', 'menu_type', 'sort_no', 'del_flag']).where('url', '=', '/dashboard').executeTakeFirstOrThrow()).toEqual({ parent_id: '', menu_type: 0, sort_no: 0.5, del_flag: 0 });
    expect((await t.db.selectFrom('sys_permission').select('del_flag').where('url', '=', '/demo').executeTakeFirstOrThrow()).del_flag).toBe(1);
    await bringDevGallery(t.db);
    await bringReportScreens(t.db);
    await bringFormScreens(t.db);
    await bringSampleFormScreen(t.db);
    await bringCodeEditors(t.db);
    await bringDataImport(t.db);
    await expectFreshMenus(t.db, fresh);
  });

  it('leaves a live 仪表盘 an administrator kept under 开发示例 where it is, with its grants', async () => {
    await replaceMenu(t.db, oldSeedMenu(underDemo(BACK_OFFICE_MENU)));
    const before = await menuState(t.db, 'teacher');
    await up(t.db);
    expect(await menuState(t.db, 'teacher')).toEqual(before);
    expect((await menuState(t.db, 'admin')).menu).toContain('/dashboard/analysis');
    const demo = await t.db.selectFrom('sys_permission').select('id').where('url', '=', '/demo').executeTakeFirstOrThrow();
    expect((await t.db.selectFrom('sys_permission').select('parent_id').where('url', '=', '/dashboard').executeTakeFirstOrThrow()).parent_id).toBe(demo.id);
  });
});
