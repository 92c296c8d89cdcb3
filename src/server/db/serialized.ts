// Check-then-write under a named lock, so that two requests (or two processes) doing the same check cannot both
// pass it: count the rows, then insert, with nobody else holding the lock in between.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Runs `fn` in a transaction that holds the lock `key` until it ends. PostgreSQL: a transaction-scoped advisory
 * lock on the key's hash (a collision only makes two unrelated keys wait for each other). SQLite: BEGIN
 * IMMEDIATE takes the database's write lock at once (other processes wait through busy_timeout) and the
 * connection stays ours until COMMIT (Kysely's SQLite driver lends its one connection to one caller at a time).
 */
export async function serialized<DB, T>(db: Kysely<DB>, key: string, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
      return fn(trx);
    });
  }
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (e) {
      await sql`rollback`.execute(conn);
      throw e;
    }
  });
}
