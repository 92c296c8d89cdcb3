// 分类字典 (/isys/category) and 数据规则 (/isystem/permissionDataRule) exist now. Creates sys_category; a
// database seeded before it gets the A03 素材库标签 tree (the Scratch asset tags, until now a fixed list in
// code) and both screens' back-office entries with their buttons and the seed's grants (admin). The screen
// list is a snapshot of what this migration brings; it never changes.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { ASSET_TAG_ROOT, buildCategoryRows } from '../seed/categories.js';
import { syncSeededEntries } from '../seed/menu-sync.js';

export const SYSTEM_RULE_SCREENS: readonly (readonly [string, string])[] = [
  ['/isystem/permissionDataRule', 'system/PermissionDataRuleList'],
  ['/isys/category', 'system/SysCategoryList'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_category')
    .ifNotExists()
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('pid', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('code', 'varchar(100)', (c) => c.notNull())
    .addColumn('item_value', 'varchar(100)')
    .addColumn('has_child', 'varchar(3)', (c) => c.notNull().defaultTo('0'))
    .addColumn('sys_org_code', 'varchar(64)')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('uniq_sys_category_code').ifNotExists().on('sys_category').column('code').unique().execute();
  await db.schema.createIndex('idx_sys_category_pid').ifNotExists().on('sys_category').columns(['pid', 'code']).execute();
  await addSystemRuleEntries(db);
}

/** What a database seeded before these screens lacks besides the table (idempotent). */
export async function addSystemRuleEntries(db: Kysely<Database>): Promise<void> {
  await addAssetTags(db);
  await syncSeededEntries(db, SYSTEM_RULE_SCREENS);
}

/** The seed's A03 tree, for a seeded database without it (an empty database gets it from the seed). */
async function addAssetTags(db: Kysely<Database>): Promise<void> {
  const seeded = await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst();
  if (!seeded) return;
  const has = await db.selectFrom('sys_category').select('id').where('code', '=', ASSET_TAG_ROOT).executeTakeFirst();
  if (has) return;
  await db.insertInto('sys_category').values(buildCategoryRows(undefined, ASSET_TAG_ROOT)).execute();
}

/** Nothing to undo safely: the rows may have been edited or granted further since. */
export async function down(): Promise<void> {}
