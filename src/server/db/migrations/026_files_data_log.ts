// 文件管理, OSS文件 and 数据日志 exist now. This creates sys_data_log (the anchor's table: one row per kept
// version of a record, its content as JSON) and brings the three screens, with their buttons and grants, into
// databases seeded before them. OSS文件 moved from the planned 开发示例 group to 系统管理 (beside 文件管理):
// a row an earlier seed left under 开发示例 is moved there first, so it is not brought back under a hidden group.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { syncSeededEntries } from '../seed/menu-sync.js';

export const FILE_SCREENS: readonly (readonly [string, string])[] = [
  ['/isystem/file', 'system/SysFileList'], // 文件管理
  ['/oss/file', 'modules/oss/OSSFileList'], // OSS文件
  ['/sys/dataLog-list', 'system/DataLogList'], // 数据日志
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_data_log')
    .ifNotExists()
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('data_table', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('data_version', 'integer', (c) => c.notNull())
    .addColumn('data_content', 'text', (c) => c.notNull())
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('uk_sys_data_log_version').ifNotExists().on('sys_data_log').columns(['data_table', 'data_id', 'data_version']).unique().execute();
  await db.schema.createIndex('idx_sys_data_log_time').ifNotExists().on('sys_data_log').columns(['create_time', 'id']).execute();
  await moveOssEntry(db);
  await syncSeededEntries(db, FILE_SCREENS);
}

/** An OSS文件 row seeded under 开发示例 goes under 系统管理, where the seed now declares it. */
async function moveOssEntry(db: Kysely<Database>): Promise<void> {
  const system = await db.selectFrom('sys_permission').select('id').where('url', '=', '/isystem').where('menu_type', '=', 0).executeTakeFirst();
  if (!system) return;
  await db
    .updateTable('sys_permission')
    .set({ parent_id: system.id })
    .where('url', '=', '/oss/file')
    .where('component', '=', 'modules/oss/OSSFileList')
    .where('parent_id', '<>', system.id)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_data_log').ifExists().execute();
}
