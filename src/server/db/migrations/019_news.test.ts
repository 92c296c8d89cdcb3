// Databases seeded before the news existed get what a fresh seed has: the 资讯管理 entry for admin only, the
// news_status dictionary, and the public menu's 资讯 entry — each once, however often the migration runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { addNewsEntries, down, up } from './019_news.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const NEWS = '/news/list';
/** The menu as seeded before the news screen existed. */
const beforeNews = (defs: MenuDef[]): MenuDef[] => defs.filter((d) => d.url !== NEWS);

describe.each(dialects)('migration 019 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m019-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed offers 资讯管理 to admin only', () => {
    expect(fresh.admin.menu).toContain(NEWS);
    expect(fresh.teacher.menu).not.toContain(NEWS);
    expect(fresh.student1.menu).not.toContain(NEWS);
  });

  it('adds 资讯管理 with the seed grants to a database seeded before it, once', async () => {
    await replaceMenu(t.db, beforeNews(BACK_OFFICE_MENU));
    expect((await menuState(t.db, 'admin')).menu).not.toContain(NEWS);
    await addNewsEntries(t.db);
    await expectFreshMenus(t.db, fresh);
    const rows = await permissionRows(t.db);
    await addNewsEntries(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
  });

  it('adds the news_status dictionary when missing, once', async () => {
    const dict = () => t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'news_status').execute();
    const [{ id }] = await dict();
    await t.db.deleteFrom('sys_dict_item').where('dict_id', '=', id).execute();
    await t.db.deleteFrom('sys_dict').where('id', '=', id).execute();
    await addNewsEntries(t.db);
    await addNewsEntries(t.db);
    const after = await dict();
    expect(after).toHaveLength(1);
    const items = await t.db.selectFrom('sys_dict_item').select(['item_value', 'item_text']).where('dict_id', '=', after[0].id).orderBy('sort_order').execute();
    expect(items).toEqual([
      { item_value: '0', item_text: '草稿' },
      { item_value: '1', item_text: '已发布' },
    ]);
  });

  it('adds 资讯 to a public menu seeded without it, once, and leaves an edited one alone', async () => {
    const front = () => t.db.selectFrom('teaching_menu').selectAll().where('url', '=', '/newsList').execute();
    await t.db.deleteFrom('teaching_menu').where('url', '=', '/newsList').execute();
    await addNewsEntries(t.db);
    await addNewsEntries(t.db);
    const rows = await front();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: '资讯', parent_id: '', sort_no: 3, icon: 'notification', need_login: 0, internal_or_external: 0 });
    await t.db.updateTable('teaching_menu').set({ name: '新闻', hidden: 1 }).where('id', '=', rows[0].id).execute();
    await addNewsEntries(t.db);
    expect(await front()).toMatchObject([{ name: '新闻', hidden: 1 }]);
  });

  it('creates the table again after down; a new item is a draft by default', async () => {
    await down(t.db);
    await up(t.db);
    await t.db.insertInto('teaching_news').values({ id: 'n1', news_title: '标题', news_content: null, create_by: 'admin', create_time: '2026-01-01 00:00:00' }).execute();
    expect(await t.db.selectFrom('teaching_news').select(['news_status']).execute()).toEqual([{ news_status: 0 }]);
  });
});
