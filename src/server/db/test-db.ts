// A fresh, migrated database for a test: in-memory SQLite, or — when TEST_DATABASE_URL is set — a new
// PostgreSQL schema of its own that close() drops again, so parallel test files never see each other.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { connect } from './connect.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';

export interface TestDatabase {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
}

/** The PostgreSQL URL tests may use, or undefined when they run on SQLite only. */
export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

/**
 * Creates and migrates a database for one test (file). Uses TEST_DATABASE_URL when set, else in-memory
 * SQLite; pass a dialect to choose explicitly (asking for postgres without TEST_DATABASE_URL is an error).
 */
export async function freshDatabase(dialect?: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  const kind = dialect ?? (url ? 'postgres' : 'sqlite');
  if (kind === 'sqlite') {
    const conn = connect({ sqliteFile: ':memory:' });
    await migrateToLatest(conn.db);
    return { db: conn.db, dialect: 'sqlite', close: conn.close };
  }
  if (!url) throw new Error('freshDatabase("postgres") needs TEST_DATABASE_URL');

  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE SCHEMA "${schema}"`);
  const conn = connect({ databaseUrl: url, pgSchema: schema });
  try {
    await migrateToLatest(conn.db, schema);
  } catch (err) {
    await conn.close();
    await adminQuery(url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    throw err;
  }
  let closed = false;
  return {
    db: conn.db,
    dialect: 'postgres',
    async close() {
      if (closed) return;
      closed = true;
      await conn.close();
      await adminQuery(url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
