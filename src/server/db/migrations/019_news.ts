// 资讯 (teaching-open 2.8's teaching_news): the public site's news. Creates the table; databases seeded before
// it get the news_status dictionary (when missing), the back-office 资讯管理 entry (admin only, as the seed has
// it) and the public menu's 资讯 entry (unless the menu already links the news list).
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { dictEntryRows } from '../seed/dicts.js';
import { FRONT_NEWS_URL, frontMenuEntryRows } from '../seed/front-menu.js';
import { syncSeededEntries } from '../seed/menu-sync.js';

export const NEWS_SCREENS: readonly (readonly [string, string])[] = [['/news/list', 'teaching/TeachingNewsList']];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('teaching_news')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('news_title', 'varchar(256)', (c) => c.notNull())
    .addColumn('news_content', 'text')
    .addColumn('news_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  // The public list: published items, newest first (the id breaks ties of one second).
  await db.schema.createIndex('idx_teaching_news_status_time').on('teaching_news').columns(['news_status', 'create_time', 'id']).execute();
  // The admin list's default order.
  await db.schema.createIndex('idx_teaching_news_time').on('teaching_news').columns(['create_time', 'id']).execute();

  await addNewsEntries(db);
}

/** What a database seeded before the news existed lacks besides the table (idempotent). */
export async function addNewsEntries(db: Kysely<Database>): Promise<void> {
  await addNewsDict(db);
  await syncSeededEntries(db, NEWS_SCREENS);
  await addFrontMenuNews(db);
}

/** The seed's news_status dictionary, for a seeded database that does not have it. */
async function addNewsDict(db: Kysely<Database>): Promise<void> {
  const seeded = await db.selectFrom('sys_dict').select('id').limit(1).executeTakeFirst();
  if (!seeded) return; // an empty database gets every dictionary from the seed
  const has = await db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'news_status').executeTakeFirst();
  if (has) return;
  const rows = dictEntryRows('news_status');
  if (!rows) return;
  await db.insertInto('sys_dict').values(rows.dict).execute();
  await db.insertInto('sys_dict_item').values(rows.items).execute();
}

/** The seed's 资讯 entry of the public menu, for a seeded site whose menu does not link the news list yet. */
async function addFrontMenuNews(db: Kysely<Database>): Promise<void> {
  const seeded = await db.selectFrom('teaching_menu').select('id').limit(1).executeTakeFirst();
  if (!seeded) return; // an empty database gets the whole menu from the seed
  const linked = await db.selectFrom('teaching_menu').select('id').where('url', '=', FRONT_NEWS_URL).executeTakeFirst();
  if (linked) return;
  await db.insertInto('teaching_menu').values(frontMenuEntryRows(FRONT_NEWS_URL)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The menu rows and the dictionary may have been edited or granted since: they stay.
  await db.schema.dropTable('teaching_news').ifExists().execute();
}
