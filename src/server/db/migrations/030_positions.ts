// 职务管理 and 通讯录: the position table (the anchor's sys_position: code unique, name, post_rank 职级,
// company_id), a few default positions, the position_rank dictionary for databases seeded earlier, and the
// back-office entries 职务管理 (with its buttons) and 通讯录 (admins and teachers) for databases seeded while
// they were planned (or hidden by 007). sys_user.post already exists: it holds position codes, comma-separated.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { dictEntryRows } from '../seed/dicts.js';
import { syncSeededEntries } from '../seed/menu-sync.js';
import { defaultPositions } from '../seed/positions.js';

export const POSITION_SCREENS: readonly (readonly [string, string])[] = [
  ['/isystem/position', 'system/SysPositionList'],
  ['/isystem/addressList', 'system/AddressList'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_position')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('post_rank', 'varchar(10)')
    .addColumn('company_id', 'varchar(32)')
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('uniq_sys_position_code').on('sys_position').column('code').unique().execute();
  await db.schema.createIndex('idx_sys_position_create_time').on('sys_position').columns(['create_time', 'id']).execute();
  await db.insertInto('sys_position').values(defaultPositions()).execute();
  await addPositionEntries(db as Kysely<Database>);
}

/** What a database seeded before 职务管理 existed lacks besides the table (idempotent). */
export async function addPositionEntries(db: Kysely<Database>): Promise<void> {
  const seeded = await db.selectFrom('sys_dict').select('id').limit(1).executeTakeFirst();
  // An empty database gets every dictionary and menu from the seed.
  if (seeded && !(await db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'position_rank').executeTakeFirst())) {
    const rows = dictEntryRows('position_rank');
    if (rows) {
      await db.insertInto('sys_dict').values(rows.dict).execute();
      await db.insertInto('sys_dict_item').values(rows.items).execute();
    }
  }
  await syncSeededEntries(db, POSITION_SCREENS);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The menu rows may have been edited or granted since: they stay.
  await db.schema.dropTable('sys_position').ifExists().execute();
}
