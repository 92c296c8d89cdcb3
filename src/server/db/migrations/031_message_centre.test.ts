// Databases seeded while 消息中心 was planned get its two screens with their buttons (admin only), the
// dictionaries, the retry job and the sample templates; a fresh seed has all of them too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { addMessageEntries, MESSAGE_DICTS, MESSAGE_SCREENS, RETRY_JOB } from './031_message_centre.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const SCREENS = MESSAGE_SCREENS.map(([url]) => url);
const CODES = ['msgTemplate:add', 'msgTemplate:edit', 'msgTemplate:del', 'msgTemplate:send', 'message:del', 'message:resend'];
/** The menu as seeded while 消息中心 was planned. */
const beforeMessages = (defs: MenuDef[]): MenuDef[] => defs.map((d) => (d.url === '/message' ? { ...d, planned: true as const } : d));

describe.each(dialects)('migration 031 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m031-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh database has both screens and their buttons for the admin only, the job, the dictionaries and two sample templates', async () => {
    for (const url of SCREENS) expect(fresh.admin.menu, url).toContain(url);
    for (const code of CODES) expect(fresh.admin.codes, code).toContain(code);
    for (const u of ['teacher', 'student1']) {
      expect(fresh[u].menu.filter((p) => p.startsWith('/modules/message') || p === '/message')).toEqual([]);
      expect(fresh[u].codes.filter((c) => c.startsWith('msgTemplate:') || c.startsWith('message:'))).toEqual([]);
    }
    const job = await t.db.selectFrom('sys_quartz_job').selectAll().where('job_class_name', '=', RETRY_JOB).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ cron_expression: '0 * * * * ?', status: 0 });
    const dicts = await t.db.selectFrom('sys_dict').select('dict_code').where('dict_code', 'in', MESSAGE_DICTS).execute();
    expect(dicts).toHaveLength(2);
    const templates = await t.db.selectFrom('sys_sms_template').select(['template_code', 'template_type']).orderBy('template_code').execute();
    expect(templates).toEqual([
      { template_code: 'class_notice_site', template_type: '4' },
      { template_code: 'work_corrected_mail', template_type: '2' },
    ]);
  });

  it('adds the screens, grants, dictionaries and job to a database seeded while they were planned, and is idempotent', async () => {
    await replaceMenu(t.db, beforeMessages(BACK_OFFICE_MENU));
    await t.db.deleteFrom('sys_quartz_job').where('job_class_name', '=', RETRY_JOB).execute();
    const dictIds = (await t.db.selectFrom('sys_dict').select('id').where('dict_code', 'in', MESSAGE_DICTS).execute()).map((d) => d.id);
    await t.db.deleteFrom('sys_dict_item').where('dict_id', 'in', dictIds).execute();
    await t.db.deleteFrom('sys_dict').where('id', 'in', dictIds).execute();
    expect((await menuState(t.db, 'admin')).menu.filter((p) => SCREENS.includes(p))).toEqual([]);

    await addMessageEntries(t.db);
    await expectFreshMenus(t.db, fresh);
    expect(await t.db.selectFrom('sys_quartz_job').select('id').where('job_class_name', '=', RETRY_JOB).execute()).toHaveLength(1);
    const items = await t.db
      .selectFrom('sys_dict_item as i')
      .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
      .select(['d.dict_code', 'i.item_value', 'i.item_text'])
      .where('d.dict_code', '=', 'msgSendStatus')
      .orderBy('i.item_value')
      .execute();
    expect(items.map((i) => [i.item_value, i.item_text])).toEqual([['0', '未发送'], ['1', '发送成功'], ['2', '发送失败']]);

    const rows = await permissionRows(t.db);
    await addMessageEntries(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
    expect(await t.db.selectFrom('sys_quartz_job').select('id').where('job_class_name', '=', RETRY_JOB).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('sys_dict').select('id').where('dict_code', 'in', MESSAGE_DICTS).execute()).toHaveLength(2);
  });

  it('brings back the entries where migration 007 hid them', async () => {
    await replaceMenu(t.db, BACK_OFFICE_MENU);
    await t.db.updateTable('sys_permission').set({ del_flag: 1 }).where('url', 'in', ['/message', ...SCREENS]).execute();
    expect((await menuState(t.db, 'admin')).menu).not.toContain(SCREENS[0]);
    await addMessageEntries(t.db);
    await expectFreshMenus(t.db, fresh);
  });
});
