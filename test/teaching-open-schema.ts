// teaching-open 2.8's tables in a fresh MariaDB/MySQL database, for the import tests (test/teaching-open-fixture.ts)
// and the import bench (bench/teaching-open-data.ts). The definitions are the dump's (test/fixtures, a copy of the
// reference schema, since CI has no /work/shared): every CREATE TABLE except Quartz's qrtz_* and the jeecg_* demo
// tables, each statement's tail from `) ENGINE=` rewritten to plain InnoDB utf8mb4 because some of the dump's table
// comments are cut off mid-string (53 tables load on MariaDB 10.11).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';

const SCHEMA_FILE = fileURLToPath(new URL('./fixtures/teaching-open-2.8-schema.sql', import.meta.url));

/** The server the import tests use: root without a password (test/services.ts's MariaDB). */
export const TEACHING_OPEN_SERVER = process.env.TEST_MARIADB_URL || 'mysql://root@127.0.0.1:3306/test';

/** The CREATE TABLE statements of the teaching-open tables, in the dump's order. */
function teachingOpenTableStatements(): string[] {
  const text = fs.readFileSync(SCHEMA_FILE, 'utf8');
  return text
    .split(/\n(?=CREATE TABLE)/)
    .map((s) => s.trim())
    .filter((s) => s.startsWith('CREATE TABLE') && !/^CREATE TABLE `(?:qrtz_|jeecg_)/.test(s))
    .map((s) => s.replace(/\) ENGINE=[\s\S]*$/, ') ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;'));
}

/** A random database name with the prefix, e.g. `to_fx_3f9a1c0b2d4e`. */
export const randomDatabaseName = (prefix: string) => `${prefix}${randomBytes(6).toString('hex')}`;

/** `mysql://…/<database>` on the same server as `serverUrl`. */
export function databaseUrl(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Options for mysql2 from a `mysql://` URL (utf8mb4, dates as the strings teaching-open stores). */
export function connectionOptions(url: string, database?: string): mysql.ConnectionOptions {
  const u = new URL(url);
  return {
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password),
    database: database ?? (u.pathname.replace(/^\//, '') || undefined),
    charset: 'utf8mb4',
    dateStrings: true,
    multipleStatements: false,
  };
}

/**
 * Drop and create `database` on the server of `serverUrl` and create the teaching-open tables in it.
 * Returns a connection to it (the caller ends it).
 */
export async function createTeachingOpenDatabase(serverUrl: string, database: string): Promise<mysql.Connection> {
  if (!/^[A-Za-z0-9_]+$/.test(database)) throw new Error(`bad database name ${database}`);
  const admin = await mysql.createConnection(connectionOptions(serverUrl, ''));
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.query(`CREATE DATABASE \`${database}\` DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
  } finally {
    await admin.end();
  }
  // Three connections share the 53 CREATE TABLEs: each waits mostly on the server's file creation, so they overlap.
  const conns = await Promise.all([0, 1, 2].map(() => mysql.createConnection(connectionOptions(serverUrl, database))));
  const statements = teachingOpenTableStatements();
  try {
    await Promise.all(conns.map(async (conn, i) => {
      for (let k = i; k < statements.length; k += conns.length) await conn.query(statements[k]!);
    }));
  } catch (err) {
    await Promise.all(conns.map((c) => c.end()));
    throw err;
  }
  await Promise.all(conns.slice(1).map((c) => c.end()));
  return conns[0]!;
}

/** Drop `database` (nothing when it is not there). */
export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  if (!/^[A-Za-z0-9_]+$/.test(database)) throw new Error(`bad database name ${database}`);
  const admin = await mysql.createConnection(connectionOptions(serverUrl, ''));
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  } finally {
    await admin.end();
  }
}

export type Row = Record<string, string | number | null>;

/** INSERT the rows (all with the keys of the first) into `table`, `batch` rows a statement, placeholders only. */
export async function insertRows(conn: mysql.Connection, table: string, rows: Row[], batch = 5000): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const head = `INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(',')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(',')})`;
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch);
    const values: (string | number | null)[] = [];
    for (const r of chunk) for (const c of columns) values.push(r[c] ?? null);
    await conn.query(head + chunk.map(() => tuple).join(','), values);
  }
}
