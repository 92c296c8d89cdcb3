// One Kysely instance per process: better-sqlite3 (WAL) in DATA_DIR by default, PostgreSQL when a URL is given.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SQLiteModule from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type PgModule from 'pg';
import type { Database } from './schema.js';

// Each driver is loaded only when its database is used, so a SQLite process never holds pg in memory.
const requireDriver = createRequire(import.meta.url);
let pgModule: typeof PgModule | undefined;
function loadPg(): typeof PgModule {
  if (!pgModule) {
    pgModule = requireDriver('pg') as typeof PgModule;
    // int8 (count(*), bigint columns) arrives as a string from pg; our values fit in a double.
    pgModule.types.setTypeParser(20, (v) => Number(v));
    // numeric as a number too.
    pgModule.types.setTypeParser(1700, (v) => Number(v));
  }
  return pgModule;
}

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /** SQLite only: the database as one image (tests copy a migrated, seeded template this way). */
  serialize?(): Buffer;
}

export interface ConnectOptions {
  /** postgres://… ; absent → SQLite. */
  databaseUrl?: string;
  /** SQLite file path, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate themselves this way). */
  pgSchema?: string;
  /** SQLite: an in-memory database deserialized from this image (a test's copy of a template). */
  sqliteImage?: Buffer;
}

export function connect(opts: ConnectOptions): Db {
  if (opts.databaseUrl) {
    const pool = new (loadPg().Pool)({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const SQLite = requireDriver('better-sqlite3') as typeof SQLiteModule;
  const sqlite = opts.sqliteImage ? new SQLite(opts.sqliteImage) : new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy(), serialize: () => sqlite.serialize() };
}
