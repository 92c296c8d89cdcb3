// Databases seeded before the teaching screens existed end with the menus, buttons and grants of a fresh seed:
// one seeded with teaching-open's whole menu (then hidden by 007), and one seeded while the screens were planned.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState, oldSeedMenu } from './menu-sync.test-kit.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { up as hideUnbuilt } from './007_hide_unbuilt_menus.js';
import { TEACHING_SCREENS, up } from './014_teaching_screens.js';
import { up as bringScratchEditor } from './018_scratch_editor_menu.js';
import { up as bringFrontMenuAdmin } from './020_front_menu_admin.js';
import { up as bringSystemRules } from './025_system_rules.js';
import { up as bringFileScreens } from './026_files_data_log.js';
import { addQuartzEntries as bringQuartzJobs } from './027_scheduled_jobs.js';
import { up as bringSystemMonitor } from './028_system_monitor_menu.js';
import { addCodeRuleEntries as bringCodeRules } from './029_code_rules.js';
import { up as bringDevGallery } from './033_dev_gallery_menu.js';
import { up as bringReportScreens } from './039_online_report_screens.js';
import { up as bringFormScreens } from './041_online_form_screens.js';
import { up as bringSampleFormScreen } from './044_sample_form_screen.js';
import { up as bringDataImport } from './051_data_import_menu.js';
import { addPositionEntries as bringPositions } from './030_positions.js';
import { addMessageEntries as bringMessageCentre } from './031_message_centre.js';
import { up as bringDashboards } from './032_dashboard_menu.js';
import { up as bringCodeEditors } from './050_code_editor_menus.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const named = new Set(TEACHING_SCREENS.map(([u, c]) => `${u}\n${c}`));
/** The menu as seeded while this migration's screens were planned (their buttons too). */
const beforeScreens = (defs: MenuDef[]): MenuDef[] =>
  defs.map((d) => ({
    ...d,
    ...(named.has(`${d.url}\n${d.component}`) && d.url !== '/isystem/departDetailList' ? { planned: true as const } : {}),
    buttons: d.url === '/isystem/departDetailList' ? d.buttons?.filter((b) => b.code !== 'depart:course') : d.buttons,
    children: d.children && beforeScreens(d.children),
  }));

describe.each(dialects)('migration 014 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m014-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('after 007 hid teaching-open\'s unbuilt screens, brings back the built ones with their grants', async () => {
    await replaceMenu(t.db, oldSeedMenu(BACK_OFFICE_MENU));
    await hideUnbuilt(t.db);
    await up(t.db);
    // 007 also hid the 创作 editors and the system screens built since (前台菜单管理 … 开发示例), which later migrations bring back.
    await bringScratchEditor(t.db);
    await bringFrontMenuAdmin(t.db);
    await bringSystemRules(t.db);
    await bringFileScreens(t.db);
    await bringQuartzJobs(t.db);
    await bringSystemMonitor(t.db);
    await bringCodeRules(t.db);
    await bringPositions(t.db);
    await bringMessageCentre(t.db);
    await bringDashboards(t.db);
    await bringDevGallery(t.db);
    await bringReportScreens(t.db);
    await bringFormScreens(t.db);
    await bringSampleFormScreen(t.db);
    await bringCodeEditors(t.db);
    await bringDataImport(t.db);
    await expectFreshMenus(t.db, fresh);
  });

  it('inserts the screens, buttons and grants into a database seeded while they were planned, and is idempotent', async () => {
    await replaceMenu(t.db, beforeScreens(BACK_OFFICE_MENU));
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
    const rows = await permissionRows(t.db);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
  });
});
