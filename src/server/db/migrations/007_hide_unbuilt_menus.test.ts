// A database seeded before the seed left out unbuilt screens: after the migration its menus are those of a
// fresh seed (plus what an administrator added), and the grants are still there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPermissions, type MenuItem } from '../../domain/permissions.js';
import { routedMenu } from '../../../templates/shell/side-menu.js';
import { BACK_OFFICE_MENU, buildPermissionSeed } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { up } from './007_hide_unbuilt_menus.js';
import { oldSeedMenu } from './menu-sync.test-kit.js';
import { up as bringTeachingScreens } from './014_teaching_screens.js';
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

/** Entries 007 hides whose screens were built since (我的课程 and the hidden 课程单元 pages). */
const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const paths = (items: MenuItem[]): string[] => items.flatMap((i) => [i.path, ...paths(i.children ?? [])]);

describe.each(dialects)('migration 007 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, string[]> = {};
  const userId = async (username: string) => (await t.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  /** The menu the shell offers the user (a group whose entries the user lacks is not offered). */
  const menuOf = async (username: string) => paths(routedMenu((await userPermissions(t.db, await userId(username))).menu)).sort();
  const count = async (table: 'sys_role_permission' | 'sys_permission') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m004-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    // Screens built after 007 are in a fresh seed but stay hidden by 007 (a later migration brings them back).
    for (const u of ['admin', 'teacher', 'student1']) fresh[u] = await menuOf(u);
    // Replace the menu with the old seed's: every teaching-open entry, granted as before.
    const roles = Object.fromEntries((await t.db.selectFrom('sys_role').select(['id', 'role_code']).execute()).map((r) => [r.role_code, r.id]));
    const old = buildPermissionSeed({ admin: roles.admin, teacher: roles.teacher, student: roles.student }, '2026-01-01 00:00:00', oldSeedMenu(BACK_OFFICE_MENU));
    await t.db.deleteFrom('sys_role_permission').execute();
    await t.db.deleteFrom('sys_permission_data_rule').execute();
    await t.db.deleteFrom('sys_permission').execute();
    await t.db.insertInto('sys_permission').values(old.permissions).execute();
    await t.db.insertInto('sys_permission_data_rule').values(old.dataRules).execute();
    await t.db.insertInto('sys_role_permission').values(old.rolePermissions).execute();
    // A school's own entry under 系统监控 keeps that group.
    const monitor = old.permissions.find((p) => p.url === '/monitor')!;
    await t.db
      .insertInto('sys_permission')
      .values({ id: 'school-own', parent_id: monitor.id, name: '校园网监控', url: 'https://net.example.org/', component: 'layouts/IframePageView', menu_type: 1, sort_no: 9, create_by: 'admin', create_time: '2026-01-02 00:00:00' })
      .execute();
    await t.db.insertInto('sys_role_permission').values({ id: 'rp-school-own', role_id: roles.admin, permission_id: 'school-own' }).execute();
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('hides the unbuilt screens, their buttons and emptied groups, and keeps every grant', async () => {
    expect(await menuOf('student1')).toContain('/teaching/mineCourse/cardList');
    const grants = await count('sys_role_permission');
    const rows = await count('sys_permission');

    await up(t.db);
    // Screens built since come back with migrations 014, 018, 020, 025, 026, 027, 028 and later ones (their own tests cover them); the rest stay hidden.
    await bringTeachingScreens(t.db);
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
    await bringCodeEditors(t.db);
    await bringReportScreens(t.db);
    await bringFormScreens(t.db);
    await bringSampleFormScreen(t.db);
    await bringDataImport(t.db);

    expect(await menuOf('student1')).toEqual(fresh.student1);
    expect(await menuOf('teacher')).toEqual(fresh.teacher);
    const admin = await menuOf('admin');
    // The school's own entry (an external url: its path is the url's hash) and its group stay.
    expect(admin.filter((p) => !/^[0-9a-f]{32}$/.test(p))).toEqual(fresh.admin);
    expect(admin).toContain('/monitor');
    expect(admin.filter((p) => /^[0-9a-f]{32}$/.test(p))).toHaveLength(1);
    // 在线表单开发 was never in an old seed: migration 041 brings it as a fresh seed has it.
    expect(admin).toContain('/online/cgform');
    const codes = (await userPermissions(t.db, await userId('admin'))).auth.map((a) => a.action);
    expect(codes).toContain('menu:add');
    expect(codes).toContain('course:add');
    expect(codes).toContain('user:add');

    // Every row and grant is kept; 在线表单开发, the sample form 比赛报名 and 数据迁移 with its button, which no old seed
    // had, are added with the admin's grants.
    expect(await count('sys_role_permission')).toBe(grants + 4);
    expect(await count('sys_permission')).toBe(rows + 4);
    // Leaf flags match the live tree.
    const live = await t.db.selectFrom('sys_permission').select(['id', 'parent_id', 'is_leaf']).where('del_flag', '=', 0).execute();
    for (const r of live) expect(r.is_leaf, r.id).toBe(live.some((k) => k.parent_id === r.id) ? 0 : 1);
  });
});
