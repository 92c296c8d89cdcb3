// 数据迁移: one row per run of `npm run import:teaching-open` (src/server/importer/), kept so administrators
// see the last runs and their reports. The report is the run's JSON (per table: read, imported, updated,
// unchanged, skipped with reasons; missing files; menu entries not mapped), written as the run goes.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_import_run')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // Where the data came from, without its password (mysql://user@host:port/db).
    .addColumn('source', 'varchar(512)', (c) => c.notNull())
    .addColumn('files_dir', 'varchar(1024)')
    .addColumn('dry_run', 'integer', (c) => c.notNull().defaultTo(0))
    // running | done | failed
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(19)')
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('message', 'varchar(1024)')
    .execute();
  await db.schema.createIndex('idx_sys_import_run_started').on('sys_import_run').column('started_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_import_run').ifExists().execute();
}
