// Migration 027: the job tables with their default jobs, and for databases seeded before 定时任务 existed the
// entry, its buttons and grants of a fresh seed (admin only) and its dictionaries: one seeded while the screen
// was planned, one where migration 007 hid it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { addQuartzEntries, QUARTZ_DICTS } from './027_scheduled_jobs.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const SCREEN = '/isystem/QuartzJobList';
const CODES = ['quartz:add', 'quartz:edit', 'quartz:del', 'quartz:status', 'quartz:run', 'quartz:export', 'quartz:import'];
/** The menu as seeded while the screen was planned. */
const beforeScreen = (defs: MenuDef[]): MenuDef[] =>
  defs.map((d) => ({ ...d, ...(d.url === SCREEN ? { planned: true as const } : {}), children: d.children && beforeScreen(d.children) }));

describe.each(dialects)('migration 027 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m027-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('creates the default jobs: sessions purged nightly, the backup nightly on SQLite only, the rest stopped', async () => {
    const jobs = Object.fromEntries((await t.db.selectFrom('sys_quartz_job').select(['job_class_name', 'status', 'cron_expression']).execute()).map((j) => [j.job_class_name, j.status]));
    expect(jobs).toEqual({
      purgeExpiredSessions: 0,
      backupDatabase: dialect === 'sqlite' ? 0 : -1,
      purgeOldLogs: -1,
      removeOrphanFiles: -1,
      endOldHomework: -1,
      // Added by migration 031 (消息中心): retries failed messages every minute.
      sendPendingMessages: 0,
    });
  });

  it('a fresh seed offers 定时任务 and its buttons to the admin only', () => {
    expect(fresh.admin.menu).toContain(SCREEN);
    expect(fresh.admin.codes).toEqual(expect.arrayContaining(CODES));
    for (const u of ['teacher', 'student1']) {
      expect(fresh[u].menu).not.toContain(SCREEN);
      expect(fresh[u].codes.filter((c) => c.startsWith('quartz:'))).toEqual([]);
    }
  });

  it('inserts the entry, its buttons, grants and dictionaries into a database seeded while it was planned, and is idempotent', async () => {
    await replaceMenu(t.db, beforeScreen(BACK_OFFICE_MENU));
    const dictIds = (await t.db.selectFrom('sys_dict').select('id').where('dict_code', 'in', QUARTZ_DICTS).execute()).map((d) => d.id);
    await t.db.deleteFrom('sys_dict_item').where('dict_id', 'in', dictIds).execute();
    await t.db.deleteFrom('sys_dict').where('id', 'in', dictIds).execute();
    expect((await menuState(t.db, 'admin')).menu).not.toContain(SCREEN);
    await addQuartzEntries(t.db);
    await expectFreshMenus(t.db, fresh);
    const items = await t.db
      .selectFrom('sys_dict_item as i')
      .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
      .select(['i.item_value', 'i.item_text'])
      .where('d.dict_code', '=', 'quartz_status')
      .orderBy('i.item_value')
      .execute();
    expect(items.map((i) => [i.item_value, i.item_text]).sort()).toEqual([['-1', '停止'], ['0', '正常']]);
    const rows = await permissionRows(t.db);
    const dicts = (await t.db.selectFrom('sys_dict').select('id').execute()).length;
    await addQuartzEntries(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
    expect((await t.db.selectFrom('sys_dict').select('id').execute()).length).toBe(dicts);
  });

  it('brings back the entry where migration 007 hid it, with the grants it kept', async () => {
    await replaceMenu(t.db, BACK_OFFICE_MENU);
    const entry = await t.db.selectFrom('sys_permission').select('id').where('url', '=', SCREEN).executeTakeFirstOrThrow();
    await t.db.updateTable('sys_permission').set({ del_flag: 1 }).where((eb) => eb.or([eb('id', '=', entry.id), eb('parent_id', '=', entry.id)])).execute();
    expect((await menuState(t.db, 'admin')).menu).not.toContain(SCREEN);
    await addQuartzEntries(t.db);
    await expectFreshMenus(t.db, fresh);
  });
});
