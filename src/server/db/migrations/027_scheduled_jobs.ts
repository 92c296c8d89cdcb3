// 定时任务: the job table (the anchor's sys_quartz_job: job_class_name, cron_expression, parameter,
// description, status 0 正常 / -1 停止), the run history (one row per run; the unique (job_id, fire_key) is the
// claim that makes a due run happen once across processes), a few default jobs, and the back-office
// 系统管理 → 定时任务 entry for databases seeded while it was planned (or hidden by 007).
import { SqliteAdapter, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { dictEntryRows } from '../seed/dicts.js';
import { syncSeededEntries } from '../seed/menu-sync.js';
import { defaultJobs } from '../seed/quartz-jobs.js';

export const QUARTZ_SCREENS: readonly (readonly [string, string])[] = [['/isystem/QuartzJobList', 'system/QuartzJobList']];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_quartz_job')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('job_class_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('cron_expression', 'varchar(100)', (c) => c.notNull())
    .addColumn('parameter', 'varchar(1000)')
    .addColumn('description', 'varchar(255)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('uniq_sys_quartz_job_class').on('sys_quartz_job').column('job_class_name').unique().execute();

  await db.schema
    .createTable('sys_quartz_job_run')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('job_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('job_class_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('fire_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('trigger_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('scheduled_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(19)')
    .addColumn('duration_ms', 'integer')
    .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('message', 'varchar(1000)')
    .addColumn('run_by', 'varchar(100)')
    .execute();
  // The claim: one run per job and scheduled time, whichever process inserts first.
  await db.schema.createIndex('uniq_sys_quartz_job_run_fire').on('sys_quartz_job_run').columns(['job_id', 'fire_key']).unique().execute();
  // A job's history, newest first; the list's 上次结果.
  await db.schema.createIndex('idx_sys_quartz_job_run_job_start').on('sys_quartz_job_run').columns(['job_id', 'start_time', 'id']).execute();

  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.insertInto('sys_quartz_job').values(defaultJobs(sqlite)).execute();
  await addQuartzEntries(db as Kysely<Database>);
}

export const QUARTZ_DICTS = ['quartz_status', 'quartz_run_outcome', 'quartz_trigger_type'];

/** What a database seeded before 定时任务 existed lacks besides the tables (idempotent). */
export async function addQuartzEntries(db: Kysely<Database>): Promise<void> {
  const seeded = await db.selectFrom('sys_dict').select('id').limit(1).executeTakeFirst();
  // An empty database gets every dictionary and menu from the seed.
  if (seeded) {
    for (const code of QUARTZ_DICTS) {
      if (await db.selectFrom('sys_dict').select('id').where('dict_code', '=', code).executeTakeFirst()) continue;
      const rows = dictEntryRows(code);
      if (!rows) continue;
      await db.insertInto('sys_dict').values(rows.dict).execute();
      await db.insertInto('sys_dict_item').values(rows.items).execute();
    }
  }
  await syncSeededEntries(db, QUARTZ_SCREENS);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The menu rows may have been edited or granted since: they stay.
  await db.schema.dropTable('sys_quartz_job_run').ifExists().execute();
  await db.schema.dropTable('sys_quartz_job').ifExists().execute();
}
