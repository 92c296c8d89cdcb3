// Indexes of the teaching reads at 1M works and 100k users (measured with `npm run bench:works`, bench/works.ts):
// - The public leaderboard (精选 / 首页展示, ordered by views, stars or time): one index per order, in the list's
//   exact order with its tie-breaks (…, create_time desc, id), so a page is the first 20 entries of one status
//   instead of every public work joined and sorted (7k works: 190–300 ms → under 2 ms on SQLite). They replace
//   001's (work_status, view_num / star_num / create_time), which are their prefixes.
// - The leaderboard's total: (work_status, del_flag, user_id) answers it from the index alone (the count then
//   excludes authors in the recycle bin with one small list, domain/works.ts).
// - The grading desk filtered by class and source (departId + workScene): (depart_id, work_scene, create_time, id)
//   walks that class's works of one source newest first and stops at the page.
// SQLite: statistics are refreshed when the database already has them (see 003: stale statistics that do not
// know an index steer the planner away from it).
import { sql, SqliteAdapter, type Kysely } from 'kysely';

const REPLACED = [
  ['idx_teaching_work_status_view', ['work_status', 'view_num']],
  ['idx_teaching_work_status_star', ['work_status', 'star_num']],
  ['idx_teaching_work_status_time', ['work_status', 'create_time']],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const index = (name: string, columns: string[]) => db.schema.createIndex(name).on('teaching_work').columns(columns).execute();
  await index('idx_teaching_work_public_view', ['work_status', 'view_num desc', 'create_time desc', 'id']);
  await index('idx_teaching_work_public_star', ['work_status', 'star_num desc', 'create_time desc', 'id']);
  await index('idx_teaching_work_public_time', ['work_status', 'create_time desc', 'id']);
  await index('idx_teaching_work_status_author', ['work_status', 'del_flag', 'user_id']);
  await index('idx_teaching_work_depart_scene', ['depart_id', 'work_scene', 'create_time', 'id']);
  for (const [name] of REPLACED) await db.schema.dropIndex(name).ifExists().execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const stats = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
    if (stats.rows.length) await sql`analyze teaching_work`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of REPLACED) await db.schema.createIndex(name).on('teaching_work').columns([...columns]).execute();
  for (const name of ['idx_teaching_work_public_view', 'idx_teaching_work_public_star', 'idx_teaching_work_public_time', 'idx_teaching_work_status_author', 'idx_teaching_work_depart_scene']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
