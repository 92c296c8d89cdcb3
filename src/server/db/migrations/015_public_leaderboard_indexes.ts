// The public leaderboard without a status (/home's 最赞 / 最火 / 最新: every work with status ≥ 3, ordered by stars,
// views or time): 013's (work_status, star_num, …) indexes give that order within one status only, so a page of
// the range 3..4 sorted every public work (0.8–1.6 s at 1M works). One partial index per order over exactly the
// public works, in the list's order with its tie-breaks, lets a page read its first entries and stop.
// SQLite uses a partial index only when the query repeats its WHERE terms literally (a bound parameter does not
// match): domain/works.ts `leaderboard` writes `work_status >= 3` and `del_flag = 0` as literals for that.
// The works list's unfiltered total (an administrator's 作业管理 without filters counts every work not deleted):
// (del_flag) alone is the narrowest index that answers it, a sixth of (work_status, del_flag, user_id) that the
// planners otherwise read (SQLite 212 → 44 ms, PostgreSQL 400 → 220 ms at 1M works under a load of 11).
// SQLite: statistics are refreshed when the database already has them (see 003 and 013).
import { sql, SqliteAdapter, type Kysely } from 'kysely';

const INDEXES = [
  ['idx_teaching_work_public_all_view', ['view_num desc', 'create_time desc', 'id']],
  ['idx_teaching_work_public_all_star', ['star_num desc', 'create_time desc', 'id']],
  ['idx_teaching_work_public_all_time', ['create_time desc', 'id']],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema
      .createIndex(name)
      .on('teaching_work')
      .columns([...columns])
      .where(sql.ref('work_status'), '>=', sql.lit(3))
      .where(sql.ref('del_flag'), '=', sql.lit(0))
      .execute();
  }
  await db.schema.createIndex('idx_teaching_work_del_flag').on('teaching_work').column('del_flag').execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const stats = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
    if (stats.rows.length) await sql`analyze teaching_work`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [...INDEXES.map(([n]) => n), 'idx_teaching_work_del_flag']) await db.schema.dropIndex(name).ifExists().execute();
}
