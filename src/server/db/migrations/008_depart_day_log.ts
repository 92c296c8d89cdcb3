// 班级教学记录: per class per day counters of teaching events (teaching-open's teaching_depart_day_log), and the
// events already counted. The anchor deduplicated in Redis sets that were never persisted with the data and
// incremented wrong columns (reference §2.14.4); here an event is a row with a unique key, so "counted once
// per class" holds across processes and restarts, and a counter is only ever raised by its own event.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  let day = db.schema
    .createTable('teaching_depart_day_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('depart_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('depart_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    // 'YYYY-MM-DD' in server local time (the anchor's date column).
    .addColumn('create_time', 'varchar(10)', (c) => c.notNull());
  for (const col of DAY_LOG_COUNTERS) day = day.addColumn(col, 'integer', (c) => c.notNull().defaultTo(0));
  await day.execute();
  await db.schema.createIndex('uk_depart_day_log').on('teaching_depart_day_log').columns(['depart_id', 'create_time']).unique().execute();
  await db.schema.createIndex('idx_depart_day_log_time').on('teaching_depart_day_log').columns(['create_time']).execute();

  await db.schema
    .createTable('teaching_depart_day_event')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('depart_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_depart_day_event').on('teaching_depart_day_event').columns(['depart_id', 'kind', 'subject_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('teaching_depart_day_event').ifExists().execute();
  await db.schema.dropTable('teaching_depart_day_log').ifExists().execute();
}

/** The counter columns, in the anchor's names (its report endpoints return them camel-cased). */
export const DAY_LOG_COUNTERS = [
  'unit_open_count',
  'course_work_assign_count',
  'additional_work_assign_count',
  'course_work_correct_count',
  'additional_work_correct_count',
  'course_work_submit_count',
  'additional_work_submit_count',
] as const;
