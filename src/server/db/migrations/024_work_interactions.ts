// Views and likes counted once per visitor per work per day, across processes: a row per (kind, work, visitor,
// day) under a primary key, inserted if absent; the counter on teaching_work moves only when the row was new.
// A visitor is their user id when logged in, else a hash of their address with the day's salt: the addresses
// themselves are never stored, and once a day's salt is purged its hashes cannot be linked to anyone.
// teaching-open kept likes in Redis (starWork:{workId}{ip}, 24 h) and counted every fetch as a view.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('teaching_work_visit')
    // 'view' or 'star'.
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('work_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('visitor_key', 'varchar(64)', (c) => c.notNull())
    // 'YYYY-MM-DD' (server local time, as every stored time).
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_teaching_work_visit', ['kind', 'work_id', 'visitor_key', 'day'])
    .execute();
  // The purge deletes by day.
  await db.schema.createIndex('idx_teaching_work_visit_day').on('teaching_work_visit').column('day').execute();
  await db.schema
    .createTable('teaching_visit_salt')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .execute();
  // The comment rate limit counts a user's recent comments.
  await db.schema.createIndex('idx_teaching_work_comment_user').on('teaching_work_comment').columns(['user_id', 'create_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_teaching_work_comment_user').ifExists().execute();
  await db.schema.dropTable('teaching_visit_salt').ifExists().execute();
  await db.schema.dropTable('teaching_work_visit').ifExists().execute();
}
