// Works: private per-user tags (teaching-open kept them in Redis only, lost with a cache flush), the version
// history of resubmitted works (the anchor archived payloads in sys_data_log, which nothing could restore),
// and the indexes the teachers' filtered works list needs.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // A user's tag catalogue (getWorkTags); a tag may outlive its last work until delWorkTag removes it.
  await db.schema
    .createTable('teaching_work_tag_name')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('tag', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_work_tag_name').on('teaching_work_tag_name').columns(['user_id', 'tag']).unique().execute();

  // One tag per user and work.
  await db.schema
    .createTable('teaching_work_tag')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('work_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('tag', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_work_tag').on('teaching_work_tag').columns(['user_id', 'work_id']).unique().execute();
  await db.schema.createIndex('idx_work_tag_tag').on('teaching_work_tag').columns(['user_id', 'tag']).execute();
  await db.schema.createIndex('idx_work_tag_work').on('teaching_work_tag').columns(['work_id']).execute();

  // The state of a work before each resubmission or restore.
  await db.schema
    .createTable('teaching_work_version')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('work_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('version_no', 'integer', (c) => c.notNull())
    .addColumn('work_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('work_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('work_file', 'varchar(32)', (c) => c.notNull())
    .addColumn('work_cover', 'varchar(32)')
    .addColumn('work_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_cloud_data', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_work_version').on('teaching_work_version').columns(['work_id', 'version_no']).unique().execute();
  // Whether another row still uses a file before a delete removes it.
  await db.schema.createIndex('idx_work_version_file').on('teaching_work_version').columns(['work_file']).execute();
  await db.schema.createIndex('idx_work_version_cover').on('teaching_work_version').columns(['work_cover']).execute();

  // The teachers' list: newest first over all works (admin) or within filters; id breaks ties for paging.
  await db.schema.createIndex('idx_teaching_work_time').on('teaching_work').columns(['del_flag', 'create_time', 'id']).execute();
  await db.schema.createIndex('idx_teaching_work_scene_time').on('teaching_work').columns(['work_scene', 'create_time']).execute();
  await db.schema.createIndex('idx_teaching_work_depart_time').on('teaching_work').columns(['depart_id', 'create_time']).execute();
  await db.schema.createIndex('idx_teaching_work_create_by').on('teaching_work').columns(['create_by']).execute();
  await db.schema.createIndex('idx_teaching_work_file').on('teaching_work').columns(['work_file']).execute();
  await db.schema.createIndex('idx_teaching_work_cover').on('teaching_work').columns(['work_cover']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ['idx_teaching_work_time', 'idx_teaching_work_scene_time', 'idx_teaching_work_depart_time', 'idx_teaching_work_create_by', 'idx_teaching_work_file', 'idx_teaching_work_cover']) {
    await db.schema.dropIndex(i).ifExists().execute();
  }
  await db.schema.dropTable('teaching_work_version').ifExists().execute();
  await db.schema.dropTable('teaching_work_tag').ifExists().execute();
  await db.schema.dropTable('teaching_work_tag_name').ifExists().execute();
}
